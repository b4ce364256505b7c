import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage, fieldErrors } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { MESSAGES, isEmail } from '../../lib/validation';
import { useContactCreateMutation } from '../../lib/shop-api';

const EMPTY = { name: '', email: '', subject: '', message: '' };

export default function ContactPage() {
  usePageMeta('Contact Us', 'Contact the Threadline team about orders, returns or selling with us.');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [contact, { isLoading }] = useContactCreateMutation();
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (Object.values(form).some((v) => !v.trim())) return toast.error(MESSAGES.registerFill);
    if (!isEmail(form.email)) return toast.error(MESSAGES.registerEmail);
    try {
      await contact({
        createContactMessageDto: { name: form.name.trim(), email: form.email.trim(), subject: form.subject.trim(), message: form.message.trim() },
      }).unwrap();
      toast.success('Thank you! Your message has been sent.');
      setForm(EMPTY);
      setErrors({});
      setSent(true);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="Contact Us" subtitle="Questions about an order, a return or selling with us? We answer within one business day." />
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          {sent && (
            <Alert severity="success" sx={{ mb: 2 }}>
              Your message has been sent. We have e-mailed you a copy.
            </Alert>
          )}
          <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
            <TextField
              label="Name"
              value={form.name}
              onChange={set('name')}
              required
              autoComplete="name"
              error={!!errors.name}
              helperText={errors.name}
            />
            <TextField
              label="Email address"
              type="email"
              value={form.email}
              onChange={set('email')}
              required
              autoComplete="email"
              error={!!errors.email}
              helperText={errors.email}
            />
            <TextField label="Subject" value={form.subject} onChange={set('subject')} required error={!!errors.subject} helperText={errors.subject} />
            <TextField
              label="Message"
              value={form.message}
              onChange={set('message')}
              required
              multiline
              minRows={5}
              error={!!errors.message}
              helperText={errors.message}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={isLoading}>
                {isLoading ? 'Sending...' : 'Send message'}
              </Button>
            </Box>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Customer care
          </Typography>
          <Typography color="text.secondary">Monday to Friday, 9:00 to 18:00 (ET)</Typography>
          <Typography sx={{ mt: 2 }}>support@threadline.shop</Typography>
          <Typography>+1 (555) 010-2025</Typography>
        </Paper>
      </Box>
    </Container>
  );
}
