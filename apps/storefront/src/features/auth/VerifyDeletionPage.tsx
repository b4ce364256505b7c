import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../lib/store-hooks';
import { api, errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { clearCart } from '../../lib/cart/cart-slice';
import { favoritesCleared } from '../../lib/favorites/favorites-slice';
import { AuthCard } from './AuthCard';
import { useAccountRecoveryConfirmDeletionMutation } from '../../lib/shop-api';
import { clearSession } from '../../lib/session';

/** The link of the deletion mail: one explicit confirmation, then the account is gone. */
export default function VerifyDeletionPage() {
  usePageMeta('Confirm Account Deletion', 'Confirm the deletion of your Threadline account.');
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const [confirm, { isLoading }] = useAccountRecoveryConfirmDeletionMutation();
  const [state, setState] = useState<{ done: boolean; error?: string }>({ done: false });

  const onConfirm = async () => {
    try {
      await confirm({ token }).unwrap();
      dispatch(clearSession());
      dispatch(clearCart());
      dispatch(favoritesCleared());
      dispatch(api.util.resetApiState());
      setState({ done: true });
      toast.success('Your account has been deleted.');
    } catch (error) {
      setState({ done: false, error: errorMessage(error, 'This link is invalid or has expired.') });
    }
  };

  return (
    <AuthCard title="Delete your account">
      {state.done ? (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Alert severity="success">Your account and its personal data have been deleted. We are sorry to see you go.</Alert>
          <Button component={RouterLink} to="/" variant="contained">
            Return Home
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Typography>
            This permanently deletes your account, your cart and your favourites. Past orders are kept for our records without your personal details.
            This cannot be undone.
          </Typography>
          {state.error && <Alert severity="error">{state.error}</Alert>}
          <Stack direction="row" spacing={2}>
            <Button variant="contained" color="error" onClick={onConfirm} disabled={isLoading}>
              {isLoading ? 'Deleting...' : 'Delete my account'}
            </Button>
            <Button component={RouterLink} to="/" variant="outlined">
              Keep my account
            </Button>
          </Stack>
        </Stack>
      )}
    </AuthCard>
  );
}
