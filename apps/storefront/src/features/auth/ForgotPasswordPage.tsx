import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { MESSAGES, isEmail } from '../../lib/validation';
import { AuthCard } from './AuthCard';
import { useAccountRecoveryForgotPasswordMutation } from '../../lib/shop-api';

export default function ForgotPasswordPage() {
  usePageMeta('Forgot Password', 'Reset the password of your Threadline account.');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [forgot, { isLoading }] = useAccountRecoveryForgotPasswordMutation();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!isEmail(email)) {
      toast.error(MESSAGES.registerEmail);
      return;
    }
    try {
      const answer = await forgot({ forgotPasswordDto: { email: email.trim() } }).unwrap();
      setSent(answer?.message ?? 'If an account exists for this address, we have sent a link to reset its password.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your e-mail address and we will send you a link to choose a new password. The link is valid for one hour."
    >
      {sent ? (
        <Alert severity="success" role="status" data-testid="forgot-sent">
          {sent}
        </Alert>
      ) : (
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send reset link'}
          </Button>
        </Stack>
      )}
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 3 }}>
        Back to sign in
      </Link>
    </AuthCard>
  );
}
