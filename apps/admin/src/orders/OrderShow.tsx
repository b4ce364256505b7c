import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  Chip,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  List as MuiList,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, Link, Title, useDataProvider, useGetOne, useNotify, useRefresh } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import type { OrderRecord } from '../lib/api-types';
import { formatPrice } from '../lib/format';
import { adminPath } from '../lib/paths';
import { CustomerLink, PaymentChip, StatusChip } from './OrderList';
import { historyLine, paymentMethodLabel } from './orderExport';
import { CARRIERS, FULFILMENT_LABELS, orderActions, STATUS_ACTIONS } from './orderStatus';

type ReasonAction = 'cancel' | 'refund';

const REASON_DIALOG: Record<ReasonAction, { title: string; confirm: string; intro: string; done: string }> = {
  cancel: {
    title: 'Cancel this order?',
    confirm: 'Cancel order',
    intro: 'Cancelling is final: the items go back to stock and the customer is mailed.',
    done: 'Order cancelled',
  },
  refund: {
    title: 'Refund this order?',
    confirm: 'Refund',
    intro:
      'Refund all or part of what was paid; the customer is mailed. A full refund of an order not shipped yet also cancels it (items back to stock).',
    done: 'Order refunded',
  },
};

/** One order: items, address, totals, history, and the status moves the API's table allows. */
export function OrderShow({ id: idProp }: { id?: string }) {
  const params = useParams();
  const id = idProp ?? params.id ?? '';
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: order, error, isPending } = useGetOne<OrderRecord>('orders', { id }, { enabled: !!id });
  const [shipping, setShipping] = useState(false);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [shipErrors, setShipErrors] = useState<{ carrier?: string; tracking?: string }>({});
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [note, setNote] = useState('');

  const run = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'success' });
      refresh();
      return true;
    } catch (err) {
      notify(errorMessage(err, 'An error occurred. Please try again.'), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const closeReason = () => {
    setAsking(null);
    setReason('');
    setReasonError('');
    setAmountError('');
  };
  /** What is left to refund, in dollars. */
  const left = order ? Math.round((order.paid - order.refunded) * 100) / 100 : 0;
  const askRefund = () => {
    setAmount(left.toFixed(2));
    setAsking('refund');
  };

  const confirmReason = async () => {
    const text = reason.trim();
    if (!asking) return;
    if (!text) {
      setReasonError('A reason is required');
      return;
    }
    const action = asking;
    let dollars: number | undefined;
    if (action === 'refund') {
      dollars = Number(amount);
      if (!amount.trim() || !Number.isFinite(dollars) || dollars < 0.01 || dollars > left) {
        setAmountError(`Enter an amount from 0.01 to ${left.toFixed(2)}`);
        return;
      }
    }
    const ok = await run(
      () => (action === 'cancel' ? dataProvider.cancelOrder(id, text) : dataProvider.refundOrder(id, text, dollars)),
      REASON_DIALOG[action].done,
    );
    if (ok) closeReason();
  };

  const addNote = async () => {
    const text = note.trim();
    if (!text) {
      notify('Please write a note first', { type: 'error' });
      return;
    }
    if (await run(() => dataProvider.addOrderNote(id, text), 'Note added')) setNote('');
  };

  const ship = async () => {
    const errors = {
      ...(carrier.trim() ? {} : { carrier: 'The carrier is required' }),
      ...(tracking.trim() ? {} : { tracking: 'The tracking number is required' }),
    };
    setShipErrors(errors);
    if (errors.carrier || errors.tracking) return;
    if (await run(() => dataProvider.shipOrder(id, carrier.trim(), tracking.trim()), 'Order marked shipped')) {
      setShipping(false);
      setCarrier('');
      setTracking('');
    }
  };

  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorMessage(error, 'An error occurred. Please try again.')}
      </Alert>
    );
  if (isPending || !order) return <Typography sx={{ p: 2 }}>Loading…</Typography>;
  const a = order.shippingAddress;
  const dialog = asking ? REASON_DIALOG[asking] : null;
  const can = orderActions(order);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`Order #${order.number}`} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-all' }}>
            Order #{order.number}
          </Typography>
          <span data-testid="order-status">
            <StatusChip status={order.status} />
          </span>
          <span data-testid="order-payment">
            <PaymentChip state={order.paymentState} />
          </span>
          <span data-testid="order-fulfilment">
            <Chip component="span" size="small" variant="outlined" label={FULFILMENT_LABELS[order.fulfilmentState] ?? order.fulfilmentState} />
          </span>
          <Typography color="text.secondary">{new Date(order.createdAt).toLocaleString()}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          Record id {order.id} ·{' '}
          <Link to={adminPath(`/audit?filter=${encodeURIComponent(JSON.stringify({ documentId: order.id }))}`)}>Audit log of this order</Link>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>Customer: {order.customer?.name ?? a.fullName}</Typography>
          <CustomerLink order={order} />
        </Stack>
        {order.cancelReason && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="cancel-reason">
            Cancelled{order.cancelledAt ? ` on ${new Date(order.cancelledAt).toLocaleString()}` : ''}: {order.cancelReason}
          </Alert>
        )}
        {order.refundReason && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="refund-reason">
            Refunded{order.refundedAt ? ` on ${new Date(order.refundedAt).toLocaleString()}` : ''}: {order.refundReason}
          </Alert>
        )}
        {order.trackingNumber && (
          <Typography sx={{ mt: 1 }} data-testid="order-tracking">
            {order.carrier ? `${order.carrier} · ` : ''}Tracking number: <strong>{order.trackingNumber}</strong>
          </Typography>
        )}
        {order.paid > 0 && (
          <Typography sx={{ mt: 1 }} data-testid="order-money">
            Paid {formatPrice(order.paid)}
            {order.refunded > 0 ? ` · refunded ${formatPrice(order.refunded)} · kept ${formatPrice(order.paid - order.refunded)}` : ''}
          </Typography>
        )}
        {order.refunds.length > 0 && (
          <Table size="small" aria-label="refunds" sx={{ mt: 1, maxWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>Refund</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>When</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.refunds.map((r) => (
                <TableRow key={r.id} data-testid="order-refund">
                  <TableCell>{formatPrice(r.amount)}</TableCell>
                  <TableCell>{r.status}</TableCell>
                  <TableCell>
                    {r.reason ?? ''}
                    {r.actor ? ` (by ${r.actor.name})` : ''}
                  </TableCell>
                  <TableCell>{new Date(r.at).toLocaleString()}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', gap: 1 }}>
          {can.markPaid && (
            <Button
              variant="contained"
              color="primary"
              disabled={busy}
              onClick={() => void run(() => dataProvider.markOrderPaid(id), 'Order marked paid')}
            >
              {STATUS_ACTIONS.paid}
            </Button>
          )}
          {can.ship && (
            <Button variant="contained" color="primary" disabled={busy} onClick={() => setShipping(true)}>
              {STATUS_ACTIONS.shipped}
            </Button>
          )}
          {can.deliver && (
            <Button
              variant="contained"
              color="primary"
              disabled={busy}
              onClick={() => void run(() => dataProvider.deliverOrder(id), 'Order marked delivered')}
            >
              {STATUS_ACTIONS.delivered}
            </Button>
          )}
          {can.cancel && (
            <Button variant="outlined" color="error" disabled={busy} onClick={() => setAsking('cancel')}>
              {STATUS_ACTIONS.cancelled}
            </Button>
          )}
          {can.refund && (
            <Button variant="outlined" color="error" disabled={busy} onClick={askRefund}>
              Refund
            </Button>
          )}
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
            <Typography>{paymentMethodLabel(order.paymentMethod)}</Typography>
            {order.paidAt && <Typography variant="body2">Paid {new Date(order.paidAt).toLocaleString()}</Typography>}
            {order.statusHistory && order.statusHistory.length > 0 && (
              <>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2 }}>
                  History
                </Typography>
                <MuiList dense disablePadding aria-label="History" data-testid="order-history">
                  {order.statusHistory.map((h, i) => (
                    <ListItem key={i} disableGutters data-testid="history-entry">
                      <ListItemText
                        primary={historyLine(h)}
                        secondary={`${new Date(h.at).toLocaleString()}${h.actor ? ` · by ${h.actor.name}${h.actor.email ? ` (${h.actor.email})` : ''}` : ''}`}
                      />
                    </ListItem>
                  ))}
                </MuiList>
              </>
            )}
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 2 }}>
              Internal notes
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Only admins see these; never shown to the customer.
            </Typography>
            <MuiList dense disablePadding aria-label="Internal notes" data-testid="order-notes">
              {(order.notes ?? []).map((n) => (
                <ListItem key={n.id} disableGutters data-testid="order-note">
                  <ListItemText
                    primary={n.text}
                    secondary={`${n.author.name || n.author.email} · ${new Date(n.at).toLocaleString()}`}
                    sx={{ wordBreak: 'break-word' }}
                  />
                </ListItem>
              ))}
            </MuiList>
            <TextField
              label="New note"
              multiline
              minRows={2}
              fullWidth
              value={note}
              onChange={(e) => setNote(e.target.value)}
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <Button sx={{ mt: 1 }} variant="outlined" disabled={busy} onClick={() => void addNote()}>
              Add note
            </Button>
          </Grid>
        </Grid>
      </CardContent>
      <Confirm
        isOpen={dialog !== null}
        title={dialog?.title ?? ''}
        confirm={dialog?.confirm ?? 'Confirm'}
        cancel="Keep order"
        loading={busy}
        onClose={closeReason}
        onConfirm={() => void confirmReason()}
        content={
          <>
            <Typography sx={{ mb: 2 }}>{dialog?.intro}</Typography>
            {asking === 'refund' && (
              <TextField
                label="Amount"
                required
                fullWidth
                type="number"
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  if (amountError) setAmountError('');
                }}
                error={Boolean(amountError)}
                helperText={amountError || `Paid ${formatPrice(order.paid)}, refunded ${formatPrice(order.refunded)}: at most ${formatPrice(left)}`}
                slotProps={{ htmlInput: { min: 0.01, max: left, step: 0.01 } }}
                sx={{ mb: 2 }}
              />
            )}
            <TextField
              label="Reason"
              required
              fullWidth
              multiline
              minRows={2}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (reasonError) setReasonError('');
              }}
              error={Boolean(reasonError)}
              helperText={reasonError || 'Stored with the order and shown in its history'}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </>
        }
      />
      <Dialog open={shipping} onClose={() => setShipping(false)} fullWidth maxWidth="xs">
        <DialogTitle>Mark shipped</DialogTitle>
        <DialogContent>
          <Autocomplete
            freeSolo
            options={[...CARRIERS]}
            inputValue={carrier}
            onInputChange={(_e, value) => {
              setCarrier(value);
              if (shipErrors.carrier) setShipErrors({ ...shipErrors, carrier: undefined });
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                required
                label="Carrier"
                error={Boolean(shipErrors.carrier)}
                helperText={shipErrors.carrier}
                sx={{ mt: 1 }}
              />
            )}
          />
          <TextField
            fullWidth
            required
            label="Tracking number"
            value={tracking}
            onChange={(e) => {
              setTracking(e.target.value);
              if (shipErrors.tracking) setShipErrors({ ...shipErrors, tracking: undefined });
            }}
            error={Boolean(shipErrors.tracking)}
            helperText={shipErrors.tracking}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShipping(false)}>Cancel</Button>
          <Button variant="contained" disabled={busy} onClick={() => void ship()}>
            Ship
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
