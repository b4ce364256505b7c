import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List as MuiList,
  ListItem,
  ListItemButton,
  ListItemText,
  Rating,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, Link, Title, useGetList, useGetOne, useNotify, useRefresh } from 'react-admin';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../dataProvider/httpClient';
import type { CustomerDetailRecord } from '../lib/api-types';
import { formatDate, formatPrice } from '../lib/format';
import { adminPath } from '../lib/paths';
import { StatusChip } from '../orders/OrderList';
import { LAST_ADMIN_MESSAGE, roleChange, setUserRoles, type RoleName } from '../users/userRoles';
import { PAYMENT_LABELS } from '../orders/orderExport';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Grant or revoke admin and distributor, each change confirmed in a dialog. */
function RolesPanel({ customer, onChanged }: { customer: CustomerDetailRecord; onChanged: () => void }) {
  const notify = useNotify();
  const [pending, setPending] = useState<{ role: RoleName; grant: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const change = pending && roleChange(pending.role, pending.grant, customer.username);

  const apply = async () => {
    if (!change) return;
    setBusy(true);
    try {
      await setUserRoles(customer.id, change.roles);
      notify(change.done, { type: 'success' });
      onChanged();
    } catch (error) {
      notify(errorMessage(error, 'An error occurred. Please try again.'), { type: 'error' });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  // How many admins there are: the last one's "Revoke admin" is refused here, before any confirm (the API refuses it too).
  const { total: admins, isPending: countingAdmins } = useGetList(
    'users',
    { pagination: { page: 1, perPage: 1 }, filter: { isAdmin: true } },
    { enabled: customer.isAdmin },
  );
  const lastAdmin = customer.isAdmin && admins !== undefined && admins <= 1;

  const button = (role: RoleName, has: boolean) => {
    const c = roleChange(role, !has, customer.username);
    const refused = role === 'admin' && has && (lastAdmin || countingAdmins);
    return (
      <Button
        variant={has ? 'outlined' : 'contained'}
        color={has ? 'error' : 'primary'}
        disabled={busy || refused}
        aria-describedby={role === 'admin' && lastAdmin ? 'last-admin-note' : undefined}
        onClick={() => setPending({ role, grant: !has })}
      >
        {c.label}
      </Button>
    );
  };

  return (
    <Section title="Roles">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <span data-testid="customer-roles">
          {customer.isAdmin && <Chip size="small" color="primary" label="Admin" sx={{ mr: 0.5 }} />}
          {customer.isDistributor && <Chip size="small" label="Distributor" sx={{ mr: 0.5 }} />}
          {!customer.isAdmin && !customer.isDistributor && <Chip size="small" variant="outlined" label="Customer" />}
        </span>
        {button('admin', customer.isAdmin)}
        {button('distributor', customer.isDistributor)}
      </Stack>
      {lastAdmin && (
        <Typography id="last-admin-note" data-testid="last-admin-note" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {LAST_ADMIN_MESSAGE}
        </Typography>
      )}
      <Confirm
        isOpen={change !== null}
        loading={busy}
        title={change?.title ?? ''}
        content={change?.content ?? ''}
        confirm={change?.label ?? 'Confirm'}
        onConfirm={() => void apply()}
        onClose={() => setPending(null)}
      />
    </Section>
  );
}

/** A customer (/admin/customers/{id}/show, id = the user id): figures, roles, orders, addresses and reviews. */
export function CustomerShow({ id: idProp }: { id?: string }) {
  const params = useParams();
  const id = idProp ?? params.id ?? '';
  const refresh = useRefresh();
  // The meta keeps this query apart from the list's cache: react-admin seeds getOne with the list's record, which
  // has no orders, addresses or reviews.
  const {
    data: customer,
    error,
    isPending,
    refetch,
  } = useGetOne<CustomerDetailRecord>('customers', { id, meta: { detail: true } }, { enabled: !!id });

  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorMessage(error, 'An error occurred. Please try again.')}
      </Alert>
    );
  if (isPending || !customer || !Array.isArray(customer.orders)) return <Typography sx={{ p: 2 }}>Loading…</Typography>;

  const figures: [string, string][] = [
    ['Orders', String(customer.ordersCount)],
    ['Total spent', formatPrice(customer.totalSpent)],
    ['Last order', customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '—'],
    ['Newsletter', customer.newsletter ? 'Subscribed' : 'Not subscribed'],
    ['Joined', formatDate(customer.createdAt)],
  ];

  return (
    <Card sx={{ mt: 2, minWidth: 0 }}>
      <Title title={`Customer ${customer.username}`} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {customer.username}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <a href={`mailto:${customer.email}`}>{customer.email}</a>
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, my: 2 }} data-testid="customer-figures">
          {figures.map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {label}
              </Typography>
              <Typography data-testid={`figure-${label.toLowerCase().replace(/\s+/g, '-')}`}>{value}</Typography>
            </Box>
          ))}
        </Stack>
        <RolesPanel
          customer={customer}
          onChanged={() => {
            void refetch();
            refresh();
          }}
        />
        <Grid container spacing={3} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Orders">
              {customer.orders.length === 0 ? (
                <Typography color="text.secondary">No orders yet.</Typography>
              ) : (
                <MuiList dense disablePadding>
                  {customer.orders.map((o) => (
                    <ListItemButton key={o.id} component={Link} to={adminPath(`/orders/${o.id}/show`)} data-testid={`customer-order-${o.id}`} divider>
                      <ListItemText
                        primary={`Order #${o.number} · ${formatPrice(o.total)}`}
                        secondary={`${formatDate(o.createdAt)} · ${o.itemsCount} item${o.itemsCount === 1 ? '' : 's'} · ${(PAYMENT_LABELS[o.paymentState] ?? o.paymentState).toLowerCase()}`}
                      />
                      <StatusChip status={o.status} />
                    </ListItemButton>
                  ))}
                </MuiList>
              )}
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Addresses">
              {customer.addresses.length === 0 ? (
                <Typography color="text.secondary">No shipping address yet.</Typography>
              ) : (
                <MuiList dense disablePadding>
                  {customer.addresses.map((a) => (
                    <ListItem key={`${a.fullName}|${a.address}|${a.city}|${a.postalCode}|${a.country}|${a.phone}`} divider disableGutters>
                      <ListItemText
                        primary={a.fullName}
                        secondary={`${a.address}, ${a.postalCode} ${a.city}, ${a.country} · ${a.phone} · ${a.ordersCount} order${a.ordersCount === 1 ? '' : 's'}, last ${formatDate(a.lastUsedAt)}`}
                        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                    </ListItem>
                  ))}
                </MuiList>
              )}
            </Section>
            <Box sx={{ mt: 3 }}>
              <Section title="Reviews">
                {customer.reviews.length === 0 ? (
                  <Typography color="text.secondary">No reviews yet.</Typography>
                ) : (
                  <MuiList dense disablePadding>
                    {customer.reviews.map((r) => (
                      <ListItem key={r.id} divider disableGutters alignItems="flex-start" data-testid={`customer-review-${r.id}`}>
                        <ListItemText
                          primary={
                            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                              <span>{r.productName}</span>
                              <Rating value={r.rating} readOnly size="small" aria-label={`${r.rating} out of 5 stars`} />
                            </Stack>
                          }
                          secondary={`${r.comment} · ${formatDate(r.createdAt)}`}
                          slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                        />
                      </ListItem>
                    ))}
                  </MuiList>
                )}
              </Section>
            </Box>
          </Grid>
        </Grid>
        <Button component={Link} to={adminPath('/customers')} sx={{ mt: 2 }}>
          Back to customers
        </Button>
      </CardContent>
    </Card>
  );
}
