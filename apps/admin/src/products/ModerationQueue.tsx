import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardMedia,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, List, Pagination, ReferenceField, useDataProvider, useListContext, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import type { ProductRecord, UserRecord } from '../lib/api-types';
import { adminPath } from '../lib/paths';
import { excerpt, formatDate, formatPrice } from '../lib/format';

/** The distributor who submitted a product: name and e-mail (from the users they were read with). */
function Submitter() {
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  return (
    <span data-testid="submitter">
      {user.username} ({user.email})
    </span>
  );
}

/**
 * Distributors' pending products, oldest first, approved or rejected (with a note) by an admin. Paged on the
 * server (page and page size in the URL), each with who submitted it.
 */
export function ModerationQueue() {
  return (
    <List
      resource="products"
      storeKey="moderation"
      title="Pending Products"
      filter={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      perPage={25}
      actions={false}
      exporter={false}
      empty={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    >
      <PendingProducts />
    </List>
  );
}

function PendingProducts() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [rejecting, setRejecting] = useState<ProductRecord | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const { data = [], total = 0, error, isPending } = useListContext<ProductRecord>();

  const act = async (label: string, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      notify(label, { type: 'success' });
      refresh();
    } catch (err) {
      notify(errorMessage(err, 'An error occurred. Please try again.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const reject = async () => {
    if (!rejecting) return;
    if (!note.trim()) {
      notify('Please write a note for the distributor', { type: 'error' });
      return;
    }
    const product = rejecting;
    await act(`${product.name} is rejected`, () => dataProvider.rejectProduct(product.id, note.trim()));
    setRejecting(null);
    setNote('');
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Pending Products ({total})
      </Typography>
      {error && <Alert severity="error">{errorMessage(error, 'Error loading products')}</Alert>}
      {isPending && <Typography>Loading…</Typography>}
      {!isPending && !error && data.length === 0 && <Typography color="text.secondary">Nothing is waiting for approval.</Typography>}
      <Grid container spacing={2}>
        {data.map((p) => (
          <Grid key={p.id} size={{ xs: 12, md: 6 }}>
            <Card sx={{ display: 'flex' }} data-testid="pending-product">
              <CardMedia component="img" image={p.image} alt={p.name} sx={{ width: 140, objectFit: 'cover' }} />
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {p.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {p.brand} · {p.category?.name ?? ''} · {formatPrice(p.price)} · {formatDate(p.createdAt)}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="div">
                  Submitted by{' '}
                  <ReferenceField record={p} source="owner" reference="users" link={false} emptyText="unknown">
                    <Submitter />
                  </ReferenceField>
                </Typography>
                <Typography variant="body2" sx={{ my: 1 }}>
                  {excerpt(p.description, 160)}
                </Typography>
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="contained"
                    color="success"
                    disabled={busy}
                    onClick={() => act(`${p.name} is approved`, () => dataProvider.approveProduct(p.id))}
                  >
                    Approve
                  </Button>
                  <Button variant="outlined" color="error" disabled={busy} onClick={() => setRejecting(p)}>
                    Reject
                  </Button>
                  <Button component={Link} to={adminPath(`/product/update/${p.id}`)}>
                    Open
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Dialog open={!!rejecting} onClose={() => setRejecting(null)} fullWidth maxWidth="sm">
        <DialogTitle>Reject {rejecting?.name}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label="Note for the distributor"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(null)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={reject}>
            Reject
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
