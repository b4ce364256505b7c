import Alert from '@mui/material/Alert';
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
import type { UserInfo } from '../../lib/models';
import { validateLogin, validateLoginEmailOnBlur } from '../../lib/validation';
import { AuthCard } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { PasswordField } from '../../components/ui/PasswordField';
import { useDistributorLoginMutation, useUsersLoginMutation } from '../../lib/shop-api';
import { signedIn } from './session-thunks';
import { followRedirect, safeRedirect } from './redirect';

export { safeRedirect } from './redirect';

export function LoginForm({ distributor = false }: { distributor?: boolean }) {
  const [params] = useSearchParams();
  // The spec's default destination after sign-in is /login; a redirect parameter overrides it.
  const redirect = safeRedirect(params.get('redirect'), distributor ? '/shop' : '/login');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [login, customer] = useUsersLoginMutation();
  const [distributorLogin, dist] = useDistributorLoginMutation();
  const isLoading = customer.isLoading || dist.isLoading;
  const here = distributor ? '/distributor/login' : '/login';

  // An already signed-in user is sent to the destination.
  useEffect(() => {
    if (userInfo && redirect !== here) followRedirect(navigate, redirect);
  }, [userInfo, redirect, navigate, here]);

  const done = useCallback((_info: UserInfo) => followRedirect(navigate, redirect), [navigate, redirect]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateLogin({ email, password });
    if (problem) {
      if (problem === 'Invalid email address') setEmailError(problem);
      toast.error(problem);
      return;
    }
    try {
      const info = await (
        distributor ? distributorLogin({ loginDto: { email: email.trim(), password } }) : login({ loginDto: { email: email.trim(), password } })
      ).unwrap();
      await dispatch(signedIn(info));
      toast.success('Logged In');
      done(info);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  if (userInfo && redirect === here) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">You are signed in as {userInfo.username}.</Alert>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/shop" variant="contained">
            Continue shopping
          </Button>
          <Button component={RouterLink} to="/profile" variant="outlined">
            Your profile
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <>
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (emailError) setEmailError(null);
          }}
          onBlur={() => setEmailError(validateLoginEmailOnBlur(email))}
          error={!!emailError}
          helperText={emailError ?? ' '}
          required
          fullWidth
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          {isLoading ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
      {!distributor && <GoogleButton mode="login" onSignedIn={done} />}
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/forgot-password">
          Forgot your password?
        </Link>
        {distributor ? (
          <>
            <Typography>
              New distributor?{' '}
              <Link component={RouterLink} to="/distributor/register">
                Register your store
              </Link>
            </Typography>
            <Link component={RouterLink} to="/login">
              Customer sign-in
            </Link>
          </>
        ) : (
          <>
            <Typography>
              New customer?{' '}
              <Link component={RouterLink} to={params.get('redirect') ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}>
                Register
              </Link>
            </Typography>
            <Link component={RouterLink} to="/distributor/login">
              Distributor sign-in
            </Link>
          </>
        )}
      </Stack>
    </>
  );
}

export default function LoginPage() {
  usePageMeta('Sign In', 'Sign in to your Threadline account to shop, save favourites and track orders.');
  return (
    <AuthCard title="Sign In" subtitle="Welcome back. Sign in to continue shopping.">
      <LoginForm />
    </AuthCard>
  );
}
