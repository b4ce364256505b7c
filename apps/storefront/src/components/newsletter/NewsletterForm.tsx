import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useNewsletterSubscribeMutation } from '../../lib/shop-api';
import { NEWSLETTER_TEXT, submitNewsletter, type NewsletterStatus } from './newsletter-logic';

export default function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<NewsletterStatus>('idle');
  const [subscribe] = useNewsletterSubscribeMutation();
  const submitting = status === 'submitting';

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void submitNewsletter(email, {
      subscribe: (value) => subscribe({ subscribeDto: { email: value } }).unwrap(),
      setStatus,
      clearEmail: () => setEmail(''),
      toastError: (m) => toast.error(m),
      toastSuccess: (m) => toast.success(m),
      messageOf: (error) => {
        const data = (error as { data?: { message?: string } })?.data;
        return typeof data?.message === 'string' ? data.message : undefined;
      },
    });
  };

  return (
    <Paper component="section" aria-labelledby="newsletter-title" variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="newsletter-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            Join our newsletter
          </Typography>
          <Typography color="text.secondary">New arrivals, maker stories and members-only offers. No spam, unsubscribe any time.</Typography>
        </Box>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, flex: 1, flexDirection: { xs: 'column', sm: 'row' } }}>
          <TextField
            label="Email address"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            fullWidth
            size="small"
            autoComplete="email"
            slotProps={{ htmlInput: { 'data-testid': 'newsletter-email' } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={<MailOutlineIcon />}
            sx={{ whiteSpace: 'nowrap', minWidth: 150 }}
          >
            {submitting ? NEWSLETTER_TEXT.submitting : NEWSLETTER_TEXT.button}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
