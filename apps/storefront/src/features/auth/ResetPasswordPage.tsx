import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { useOutcomeToast } from '../../lib/use-outcome-toast';
import { validatePasswordChange } from '../../lib/validation';
import { AuthCard } from './AuthCard';
import { PasswordField } from '../../components/ui/PasswordField';
import { useAccountRecoveryResetPasswordMutation } from '../../lib/shop-api';

export default function ResetPasswordPage() {
  usePageMeta('Choose a New Password', 'Choose a new password for your Threadline account.');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [reset, { isLoading }] = useAccountRecoveryResetPasswordMutation();
  // Each submission's outcome supersedes the last one's: a refusal's toast goes once the password is reset.
  const toast = useOutcomeToast();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = !password ? 'Please fill all fields' : validatePasswordChange(password, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await reset({ token, resetPasswordDto: { password } }).unwrap();
      toast.success('Your password has been reset. Please sign in.');
      void navigate('/login?redirect=/', { replace: true });
    } catch (error) {
      const message = errorMessage(error, 'This reset link is invalid or has expired.');
      setFailure(message);
      toast.error(message);
    }
  };

  return (
    <AuthCard
      title="Choose a New Password"
      subtitle="Your new password needs at least 8 characters. Every device signed in with the old one is signed out."
    >
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}{' '}
          <Link component={RouterLink} to="/forgot-password">
            Request a new link
          </Link>
        </Alert>
      )}
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          fullWidth
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Reset password'}
        </Button>
      </Stack>
    </AuthCard>
  );
}
