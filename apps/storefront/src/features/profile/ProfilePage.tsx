import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { MESSAGES, isEmail, validatePasswordChange } from '../../lib/validation';
import { PasswordField } from '../../components/ui/PasswordField';
import { useAccountRecoveryRequestDeletionMutation, useUsersUpdateProfileMutation } from '../../lib/shop-api';
import { setCredentials } from '../../lib/session';
import { AddressBook } from './AddressBook';

export const DELETION_MESSAGE = 'A verification email has been sent. Please check your email to confirm account deletion.';
export const DELETION_TOAST_MS = 10_000;

const TABS = ['Profile', 'Security', 'Orders', 'Settings'] as const;

function ProfileTab() {
  const user = useAppSelector((s) => s.session.userInfo);
  const dispatch = useAppDispatch();
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [update, { isLoading }] = useUsersUpdateProfileMutation();
  const emailChanged = email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !email.trim()) return toast.error(MESSAGES.registerFill);
    if (!isEmail(email)) return toast.error(MESSAGES.registerEmail);
    try {
      const info = await update({
        updateProfileDto: { _id: user?._id ?? '', username: username.trim(), email: email.trim(), ...(emailChanged ? { currentPassword } : {}) },
      }).unwrap();
      dispatch(setCredentials(info));
      setCurrentPassword('');
      toast.success('Profile updated successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'An unexpected error occurred.'));
    }
  };
  return (
    <Stack component="form" spacing={2.5} onSubmit={onSubmit} noValidate sx={{ maxWidth: 480 }}>
      <TextField label="Username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" required />
      <TextField label="Email address" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
      {emailChanged && (
        <PasswordField
          label="Current password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          autoComplete="current-password"
          helperText="Needed to change your e-mail address"
        />
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Update profile'}
        </Button>
      </Box>
    </Stack>
  );
}

function SecurityTab() {
  const user = useAppSelector((s) => s.session.userInfo);
  const dispatch = useAppDispatch();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [update, { isLoading }] = useUsersUpdateProfileMutation();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) return toast.error(MESSAGES.registerFill);
    const problem = validatePasswordChange(password, confirm);
    if (problem) return toast.error(problem);
    try {
      const info = await update({
        updateProfileDto: { _id: user?._id ?? '', username: user?.username ?? '', email: user?.email ?? '', password, currentPassword },
      }).unwrap();
      dispatch(setCredentials(info));
      setCurrentPassword('');
      setPassword('');
      setConfirm('');
      toast.success('Profile updated successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'An unexpected error occurred.'));
    }
  };
  return (
    <Stack component="form" spacing={2.5} onSubmit={onSubmit} noValidate sx={{ maxWidth: 480 }}>
      <PasswordField
        label="Current password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        autoComplete="current-password"
        required
      />
      <PasswordField label="New password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" required />
      <PasswordField label="Confirm new password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required />
      <Typography variant="body2" color="text.secondary">
        Changing your password signs you out on every other device.
      </Typography>
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Change password'}
        </Button>
      </Box>
    </Stack>
  );
}

function SettingsTab() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [requestDeletion, { isLoading }] = useAccountRecoveryRequestDeletionMutation();
  const onConfirm = async () => {
    try {
      await requestDeletion().unwrap();
      setOpen(false);
      setRequested(true);
      toast.info(DELETION_MESSAGE, { autoClose: DELETION_TOAST_MS });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to initiate account deletion'));
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, borderRadius: 3, borderColor: 'error.main', maxWidth: 640 }}
      component="section"
      aria-labelledby="danger-title"
    >
      <Typography id="danger-title" component="h2" variant="h6" color="error" sx={{ fontWeight: 700 }}>
        Danger zone
      </Typography>
      <Typography sx={{ my: 1 }}>
        Deleting your account removes your profile, cart and favourites. We send you an e-mail to confirm first; nothing is deleted until you follow
        its link.
      </Typography>
      {requested && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {DELETION_MESSAGE}
        </Alert>
      )}
      <Button variant="contained" color="error" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-title" aria-describedby="delete-text">
        <DialogTitle id="delete-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-text">We will e-mail you a link to confirm. Your account stays until you follow it.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={onConfirm} disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Yes, delete my account'}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

export default function ProfilePage() {
  usePageMeta('Profile', 'Manage your Threadline profile, password, orders and account.');
  const [tab, setTab] = useState(0);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="My Account" />
      <Tabs
        value={tab}
        onChange={(_, v: number) => setTab(v)}
        aria-label="Account sections"
        variant="scrollable"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t, i) => (
          <Tab key={t} label={t} id={`tab-${i}`} aria-controls={`panel-${i}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 0 && (
          <Stack spacing={4}>
            <ProfileTab />
            <Divider />
            <AddressBook />
          </Stack>
        )}
        {tab === 1 && <SecurityTab />}
        {tab === 2 && (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>See every order you placed and where it is now.</Typography>
            <Button component={RouterLink} to="/user-orders" variant="contained">
              View my orders
            </Button>
          </Stack>
        )}
        {tab === 3 && <SettingsTab />}
      </Box>
    </Container>
  );
}
