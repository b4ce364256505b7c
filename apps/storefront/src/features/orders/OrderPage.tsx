import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api';
import { formatDate, formatPrice } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import { orderLines, orderTotal, type Order } from '../../lib/models';
import { useOrdersCancelMutation, useOrdersGetQuery } from '../../lib/shop-api';
import { CardPayment } from './CardPayment';
import { ORDER_STEPS, paymentLabel, statusColour, statusLabel } from './order-status';

export default function OrderPage() {
  const { id = '' } = useParams();
  usePageMeta('Order', 'The details and status of your Threadline order.');
  // Back from a 3-D Secure check: Stripe adds redirect_status to the return URL.
  const [search] = useSearchParams();
  const redirected = search.get('redirect_status');
  const returned = redirected === 'succeeded' || redirected === 'processing' ? 'succeeded' : redirected === 'failed' ? 'failed' : null;
  const [waiting, setWaiting] = useState(false);
  const onWaiting = useCallback((w: boolean) => setWaiting(w), []);
  const { data, isLoading, error } = useOrdersGetQuery({ id }, { pollingInterval: waiting ? 1000 : 0 });
  const order: Order | undefined = data;
  const payable = order?.paymentMethod === 'card' && order.state === 'awaiting_payment';
  const [cancel, cancelling] = useOrdersCancelMutation();
  const [confirming, setConfirming] = useState(false);

  if (isLoading)
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Skeleton variant="rounded" height={320} />
      </Container>
    );
  if (error || !order)
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Alert severity="error">Error: {errorMessage(error, 'Order not found')}</Alert>
      </Container>
    );

  const lines = orderLines(order);
  const step = ORDER_STEPS.indexOf(order.status);
  const address = order.shippingAddress;
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}>
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
            Order #{order.number}
          </Typography>
          <Typography color="text.secondary">Placed on {formatDate(order.createdAt)}</Typography>
        </Box>
        <Chip label={statusLabel(order.status)} color={statusColour(order.status)} data-testid="order-status" />
      </Stack>
      {order.status === 'cancelled' ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          This order was cancelled.
        </Alert>
      ) : (
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }} aria-label="Order progress">
          {ORDER_STEPS.map((s) => (
            <Step key={s} completed={ORDER_STEPS.indexOf(s) <= step}>
              <StepLabel>{statusLabel(s)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
            Items
          </Typography>
          <Stack spacing={2} divider={<Divider />}>
            {lines.map((l, i) => (
              <Stack key={i} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                {l.image && <Box component="img" src={l.image} alt={l.name} sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 2 }} />}
                <Box sx={{ flex: 1 }}>
                  <Link component={RouterLink} to={`/product/${l.product ?? l.productId ?? ''}`}>
                    {l.name}
                  </Link>
                  {(l.size || l.colour) && (
                    <Typography variant="body2" color="text.secondary">
                      {[l.size && `Size ${l.size}`, l.colour].filter(Boolean).join(' · ')}
                    </Typography>
                  )}
                </Box>
                <Typography>
                  {l.quantity} × {formatPrice(l.price)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Paper>
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              Summary
            </Typography>
            {[
              ['Items', order.itemsPrice ?? order.subtotal],
              ['Discount', order.discount ? -order.discount : undefined],
              ['Tax', order.taxPrice ?? order.tax],
              ['Shipping', order.shippingPrice ?? order.shipping ?? 0],
            ]
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => (
                <Stack key={k as string} direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography>{k}</Typography>
                  <Typography>{(v as number) === 0 && k === 'Shipping' ? 'Free' : formatPrice(v as number)}</Typography>
                </Stack>
              ))}
            <Divider sx={{ my: 1 }} />
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700 }}>Total</Typography>
              <Typography sx={{ fontWeight: 700 }}>{formatPrice(orderTotal(order))}</Typography>
            </Stack>
            {order.couponCode && (
              <Typography variant="body2" color="text.secondary">
                Coupon {order.couponCode}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Payment: {order.paymentMethod === 'cod' ? 'pay on delivery' : order.paymentMethod === 'card' ? 'card' : order.paymentMethod}
              {order.paymentMethod === 'card' && order.paymentState === 'paid' && ' (paid)'}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="payment-state">
              {paymentLabel(order)}
            </Typography>
            {(order.refunds ?? [])
              .filter((r) => r.status === 'succeeded')
              .map((r) => (
                <Typography key={r.id} variant="body2" data-testid="order-refund">
                  Refunded {formatPrice(r.amount)} on {new Date(r.at).toLocaleDateString()}
                </Typography>
              ))}
            {order.trackingNumber && (
              <Typography variant="body2">
                {order.carrier ? `${order.carrier} tracking number` : 'Tracking number'}: {order.trackingNumber}
              </Typography>
            )}
          </Paper>
          {payable && <CardPayment order={order} returned={returned} onWaiting={onWaiting} />}
          {address && (
            <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                Shipping to
              </Typography>
              <Typography>{address.fullName}</Typography>
              <Typography>{address.address}</Typography>
              <Typography>
                {address.postalCode} {address.city}, {address.country}
              </Typography>
              <Typography>{address.phone}</Typography>
            </Paper>
          )}
          {order.status === 'pending' && (
            <Button variant="outlined" color="error" disabled={cancelling.isLoading} onClick={() => setConfirming(true)}>
              Cancel order
            </Button>
          )}
          <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancel-order-title" aria-describedby="cancel-order-text">
            <DialogTitle id="cancel-order-title">Cancel order #{order.number}?</DialogTitle>
            <DialogContent>
              <DialogContentText id="cancel-order-text">
                The order will not be shipped, and this cannot be undone. Choose Cancel to keep it.
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)} autoFocus>
                Cancel
              </Button>
              <Button
                color="error"
                variant="contained"
                disabled={cancelling.isLoading}
                onClick={async () => {
                  try {
                    await cancel({ id: order._id }).unwrap();
                    setConfirming(false);
                    toast.info('Order cancelled');
                  } catch (e) {
                    toast.error(errorMessage(e));
                  }
                }}
              >
                {cancelling.isLoading ? 'Cancelling...' : 'Confirm'}
              </Button>
            </DialogActions>
          </Dialog>
          <Button component={RouterLink} to="/user-orders" variant="text">
            All my orders
          </Button>
        </Stack>
      </Box>
    </Container>
  );
}
