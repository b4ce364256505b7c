import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { validateRegister } from '../../lib/validation';
import { AuthCard } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { followRedirect, safeRedirect } from './redirect';
import { PasswordField } from '../../components/ui/PasswordField';
import { useDistributorRegisterMutation, useUsersRegisterMutation } from '../../lib/shop-api';
import { signedIn } from './session-thunks';

export function RegisterForm({ distributor = false }: { distributor?: boolean }) {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), distributor ? '/shop' : '/');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const [form, setForm] = useState({ username: '', email: '', password: '', confirmPassword: '', storeName: '' });
  const [register, customer] = useUsersRegisterMutation();
  const [distributorRegister, dist] = useDistributorRegisterMutation();
  const isLoading = customer.isLoading || dist.isLoading;

  useEffect(() => {
    if (userInfo) followRedirect(navigate, redirect);
  }, [userInfo, redirect, navigate]);

  const done = useCallback(() => followRedirect(navigate, redirect), [navigate, redirect]);
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateRegister(form) ?? (distributor && !form.storeName.trim() ? 'Please fill all fields' : null);
    if (problem) {
      toast.error(problem);
      return;
    }
    const body = { username: form.username.trim(), email: form.email.trim(), password: form.password };
    try {
      const info = await (
        distributor ? distributorRegister({ distributorRegisterDto: { ...body, storeName: form.storeName.trim() } }) : register({ registerDto: body })
      ).unwrap();
      await dispatch(signedIn(info));
      toast.success('Account successfully created');
      done();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
        <TextField label="Username" autoComplete="username" value={form.username} onChange={set('username')} required fullWidth />
        {distributor && (
          <TextField label="Store name" autoComplete="organization" value={form.storeName} onChange={set('storeName')} required fullWidth />
        )}
        <TextField label="Email address" type="email" autoComplete="email" value={form.email} onChange={set('email')} required fullWidth />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          required
          fullWidth
          helperText="At least 8 characters"
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          {isLoading ? 'Creating account...' : 'Register'}
        </Button>
      </Stack>
      {!distributor && <GoogleButton mode="signup" onSignedIn={done} />}
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Typography>
          Already have an account?{' '}
          <Link component={RouterLink} to={distributor ? '/distributor/login' : `/login?redirect=${encodeURIComponent(redirect)}`}>
            Sign in
          </Link>
        </Typography>
        {distributor ? (
          <Link component={RouterLink} to="/register">
            Register as a customer
          </Link>
        ) : (
          <Link component={RouterLink} to="/distributor/register">
            Sell with us: register as a distributor
          </Link>
        )}
      </Stack>
    </>
  );
}

export default function RegisterPage() {
  usePageMeta('Create Account', 'Create a Threadline account: free shipping, favourites and order tracking.');
  return (
    <AuthCard title="Create Account" subtitle="Join Threadline to save favourites and check out faster.">
      <RegisterForm />
    </AuthCard>
  );
}
