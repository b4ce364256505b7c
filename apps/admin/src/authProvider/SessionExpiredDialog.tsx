import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useAuthProvider, useNotify } from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';
import { SESSION_KEYS } from './session';
import { onSessionExpired, SESSION_EXPIRED_MESSAGE } from './sessionExpiry';

/** The e-mail of the session that expired, to sign in again quickly. */
function lastEmail(): string {
  try {
    const info = JSON.parse(localStorage.getItem(SESSION_KEYS.userInfo) ?? 'null') as { email?: unknown } | null;
    return typeof info?.email === 'string' ? info.email : '';
  } catch {
    return '';
  }
}

/**
 * Shown when a call answers 401 mid-session: signs the owner in again on the same page, so the form they were
 * editing keeps its content and can be saved again (issue #23, defect 11d).
 */
export function SessionExpiredDialog() {
  const authProvider = useAuthProvider();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      onSessionExpired(() => {
        setEmail((current) => current || lastEmail());
        setError('');
        setOpen(true);
      }),
    [],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!authProvider) return;
    setBusy(true);
    setError('');
    try {
      await authProvider.login({ email, password });
      setOpen(false);
      setPassword('');
      notify('Signed in again. Your changes are still here: save them again.', { type: 'success' });
    } catch (e) {
      setError(errorMessage(e, 'Sign-in failed. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} aria-labelledby="session-expired-title" aria-describedby="session-expired-message">
      <form onSubmit={(e) => void submit(e)}>
        <DialogTitle id="session-expired-title">Session expired</DialogTitle>
        <DialogContent>
          <DialogContentText id="session-expired-message" role="alert">
            {SESSION_EXPIRED_MESSAGE}
          </DialogContentText>
          <Stack spacing={2} sx={{ mt: 2 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              fullWidth
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              fullWidth
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
