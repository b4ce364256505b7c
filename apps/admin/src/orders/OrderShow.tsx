import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, Title, useDataProvider, useGetOne, useNotify, useRefresh } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import type { OrderRecord, OrderStatus } from '../lib/api-types';
import { formatPrice } from '../lib/format';
import { adminPath } from '../lib/paths';
import { StatusChip } from './OrderList';
import { needsTrackingNumber, nextStatuses, STATUS_ACTIONS } from './orderStatus';


/** One order: items, address, totals, history, and the status moves the API's table allows. */
export function OrderShow({ id: idProp }: { id?: string }) {
  const params = useParams();
  const id = idProp ?? params.id ?? '';
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: order, error, isPending } = useGetOne<OrderRecord>('orders', { id }, { enabled: !!id });
  const [shipping, setShipping] = useState(false);
  const [tracking, setTracking] = useState('');
  const [busy, setBusy] = useState(false);

  const move = async (to: OrderStatus, trackingNumber?: string) => {
    setBusy(true);
    try {
      await dataProvider.setOrderStatus(id, to, trackingNumber);
      notify(`Order marked ${to}`, { type: 'success' });
      setShipping(false);
      setTracking('');
      refresh();
    } catch (err) {
      notify(errorMessage(err, 'An error occurred. Please try again.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (error) return <Alert severity="error" sx={{ mt: 2 }}>{errorMessage(error, 'An error occurred. Please try again.')}</Alert>;
  if (isPending || !order) return <Typography sx={{ p: 2 }}>Loading…</Typography>;
  const a = order.shippingAddress;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`Order ${order.id}`} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h1">
            Order {order.id}
          </Typography>
          <span data-testid="order-status">
            <StatusChip status={order.status} />
          </span>
          <Typography color="text.secondary">{new Date(order.createdAt).toLocaleString()}</Typography>
        </Stack>
        {order.trackingNumber && (
          <Typography sx={{ mt: 1 }} data-testid="order-tracking">
            Tracking number: <strong>{order.trackingNumber}</strong>
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', gap: 1 }}>
          {nextStatuses(order.status).map((to) => (
            <Button
              key={to}
              variant={to === 'cancelled' ? 'outlined' : 'contained'}
              color={to === 'cancelled' ? 'error' : 'primary'}
              disabled={busy}
              onClick={() => (needsTrackingNumber(to) ? setShipping(true) : void move(to))}
            >
              {STATUS_ACTIONS[to]}
            </Button>
          ))}
          <Button component={Link} to={adminPath('/orderlist')}>
            Back to orders
          </Button>
        </Stack>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Table size="small" aria-label="items">
              <TableHead>
                <TableRow>
                  <TableCell>Item</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell align="right">Qty</TableCell>
                  <TableCell align="right">Total</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {order.items.map((item, i) => (
                  <TableRow key={`${item.product}-${item.variantSku ?? i}`}>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Box component="img" src={item.image} alt="" sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5 }} />
                        <span>
                          {item.name}
                          {(item.size || item.colour) && (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {[item.size, item.colour].filter(Boolean).join(' · ')}
                            </Typography>
                          )}
                        </span>
                      </Stack>
                    </TableCell>
                    <TableCell align="right">{formatPrice(item.price)}</TableCell>
                    <TableCell align="right">{item.quantity}</TableCell>
                    <TableCell align="right">{formatPrice(item.price * item.quantity)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Box sx={{ mt: 2, ml: 'auto', maxWidth: 280 }}>
              {[
                ['Subtotal', order.subtotal],
                [`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, -order.discount],
                ['Tax', order.tax],
                ['Shipping', order.shipping],
              ].map(([label, value]) => (
                <Stack key={String(label)} direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography color="text.secondary">{label}</Typography>
                  <Typography>{formatPrice(value)}</Typography>
                </Stack>
              ))}
              <Divider sx={{ my: 1 }} />
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 700 }}>Total</Typography>
                <Typography sx={{ fontWeight: 700 }}>{formatPrice(order.total)}</Typography>
              </Stack>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              Shipping address
            </Typography>
            <Typography>{a.fullName}</Typography>
            <Typography>{a.address}</Typography>
            <Typography>
              {a.postalCode} {a.city}
            </Typography>
            <Typography>{a.country}</Typography>
            <Typography>{a.phone}</Typography>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
              Payment
            </Typography>
            <Typography>{order.paymentMethod === 'cod' ? 'Pay on delivery' : order.paymentMethod}</Typography>
            {order.statusHistory && order.statusHistory.length > 0 && (
              <>
                <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
                  History
                </Typography>
                {order.statusHistory.map((h, i) => (
                  <Typography key={i} variant="body2">
                    {new Date(h.at).toLocaleString()} — {h.status}
                  </Typography>
                ))}
              </>
            )}
          </Grid>
        </Grid>
      </CardContent>
      <Dialog open={shipping} onClose={() => setShipping(false)} fullWidth maxWidth="xs">
        <DialogTitle>Mark shipped</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth label="Tracking number" value={tracking} onChange={(e) => setTracking(e.target.value)} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShipping(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              if (!tracking.trim()) {
                notify('Please enter a tracking number', { type: 'error' });
                return;
              }
              void move('shipped', tracking.trim());
            }}
          >
            Ship
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
