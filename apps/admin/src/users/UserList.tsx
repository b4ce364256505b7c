import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, Link, List, Pagination, SearchInput, SimpleList, useDelete, useListContext, useNotify, useUpdate } from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';
import type { UserRecord } from '../lib/api-types';
import { adminPath } from '../lib/paths';
import { useCompact } from '../lib/useCompact';

/** The user's page: their customer page (orders, addresses, reviews) with the role changes. */
export const userPagePath = (id: string) => adminPath(`/customers/${id}/show`);

/**
 * What deleting an account does (AccountRemovalService): the orders stay for the books with the shipping name,
 * address and phone replaced; the reviews stay on their products under the name; cart, favourites and sessions go.
 */
export function UserDeleteConsequences({ user }: { user: Pick<UserRecord, 'username' | 'email'> }) {
  return (
    <Box data-testid="user-delete-consequences">
      <Typography sx={{ mb: 1 }}>
        Delete {user.username} ({user.email})?
      </Typography>
      <Typography component="ul" variant="body2" sx={{ pl: 2, m: 0 }}>
        <li>Their orders are kept for the shop&apos;s records, with the name, address and phone replaced by &quot;Deleted user&quot;.</li>
        <li>Their reviews stay on the products, under the name {user.username}, and still count in the ratings.</li>
        <li>Their cart, favourites and sign-in are removed for good.</li>
      </Typography>
    </Box>
  );
}

function UserRow({ user }: { user: UserRecord }) {
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [confirming, setConfirming] = useState(false);
  const [update, { isPending: saving }] = useUpdate<UserRecord>();
  const [remove, { isPending: deleting }] = useDelete<UserRecord>();

  const startEditing = () => {
    setUsername(user.username);
    setEmail(user.email);
    setEditing(true);
  };

  const save = () =>
    update(
      'users',
      { id: user.id, data: { username, email }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('User updated successfully', { type: 'success' });
          setEditing(false);
        },
        onError: (error) => notify(errorMessage(error, 'An error occurred. Please try again.'), { type: 'error' }),
      },
    );

  const confirmDelete = () =>
    remove(
      'users',
      { id: user.id, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('User deleted successfully', { type: 'success' }),
        onError: (error) => notify(errorMessage(error, 'An error occurred. Please try again.'), { type: 'error' }),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <TableRow data-testid={`user-row-${user.id}`} hover>
      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{user.id}</TableCell>
      <TableCell>
        {editing ? (
          <TextField
            size="small"
            label="Username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': 'Username' } }}
          />
        ) : (
          <Link to={userPagePath(user.id)} title={`Open ${user.username}'s page: orders and roles`}>
            {user.username}
          </Link>
        )}
      </TableCell>
      <TableCell>
        {editing ? (
          <TextField
            size="small"
            type="email"
            label="Email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': 'Email' } }}
          />
        ) : (
          <a href={`mailto:${user.email}`}>{user.email}</a>
        )}
      </TableCell>
      <TableCell>
        {user.isAdmin ? <CheckIcon color="success" aria-label="admin" /> : <CloseIcon color="error" aria-label="not admin" />}
        {user.isDistributor && <Chip size="small" label="Distributor" sx={{ ml: 1 }} />}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {editing ? (
          <>
            <Tooltip title="Save">
              <IconButton aria-label="Save" color="primary" onClick={save} disabled={saving}>
                <CheckIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Cancel">
              <IconButton aria-label="Cancel" onClick={() => setEditing(false)}>
                <CloseIcon />
              </IconButton>
            </Tooltip>
          </>
        ) : (
          <Tooltip title="Edit">
            <IconButton aria-label="Edit" onClick={startEditing}>
              <EditIcon />
            </IconButton>
          </Tooltip>
        )}
        {!user.isAdmin && (
          <Tooltip title="Delete">
            <IconButton aria-label="Delete" color="error" onClick={() => setConfirming(true)} disabled={deleting}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        )}
        <Confirm
          isOpen={confirming}
          loading={deleting}
          title="Are you sure?"
          content={<UserDeleteConsequences user={user} />}
          confirm="Delete"
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        />
      </TableCell>
    </TableRow>
  );
}

function UsersTable() {
  const { data, error, isPending } = useListContext<UserRecord>();
  if (error) return <Alert severity="error">{errorMessage(error, 'An error occurred. Please try again.')}</Alert>;
  if (isPending) return <Typography sx={{ p: 2 }}>Loading…</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="users">
        <TableHead>
          <TableRow>
            <TableCell>ID</TableCell>
            <TableCell>NAME</TableCell>
            <TableCell>EMAIL</TableCell>
            <TableCell>ADMIN</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below md: one compact row per user (name, e-mail, roles), opening the user's page. */
function CompactUsers() {
  return (
    <SimpleList<UserRecord>
      primaryText={(u) => u.username}
      secondaryText={(u) => u.email}
      tertiaryText={(u) => (
        <Stack component="span" direction="row" spacing={0.5}>
          {u.isAdmin && <Chip component="span" size="small" color="primary" label="Admin" />}
          {u.isDistributor && <Chip component="span" size="small" label="Distributor" />}
        </Stack>
      )}
      rowClick={(id) => userPagePath(String(id))}
      rowSx={() => ({ overflowWrap: 'anywhere' })}
    />
  );
}

/**
 * Manage Users (/admin/userlist): ID, NAME, EMAIL, ADMIN; inline edit of username and e-mail; delete for non-admins.
 * A name opens the user's page (roles). Below the md breakpoint a compact SimpleList instead of the table.
 */
export function UserList() {
  const isSmall = useCompact();
  return (
    <Box>
      <List
        resource="users"
        title="Manage Users"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        exporter={false}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        actions={false}
      >
        {isSmall ? <CompactUsers /> : <UsersTable />}
      </List>
    </Box>
  );
}
