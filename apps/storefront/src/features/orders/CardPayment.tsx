import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { orderTotal, type Order } from '../../lib/models';
import { usePaymentsPayMutation } from '../../lib/shop-api';
import { mountCardForm, type CardForm } from './stripe-client';

type Step =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'confirming' } | { kind: 'waiting' } | { kind: 'refused'; message: string };

/**
 * Paying a card order awaiting payment: Stripe's Payment Element mounted in the page, confirmed without leaving it
 * (a 3-D Secure check may redirect and come back here). Once Stripe accepts the payment the page waits for the
 * webhook to mark the order paid (`waiting`: the parent polls the order); a refused card shows Stripe's message and
 * the order stays payable with a new attempt.
 */
export function CardPayment({
  order,
  returned,
  onWaiting,
}: {
  order: Order;
  returned: 'succeeded' | 'failed' | null;
  onWaiting: (waiting: boolean) => void;
}) {
  const [pay] = usePaymentsPayMutation();
  const [step, setStep] = useState<Step>(returned === 'succeeded' ? { kind: 'waiting' } : { kind: 'idle' });
  const container = useRef<HTMLDivElement>(null);
  const form = useRef<CardForm | null>(null);
  const failure = step.kind === 'refused' ? step.message : order.paymentFailure;

  useEffect(() => onWaiting(step.kind === 'waiting'), [step.kind, onWaiting]);
  useEffect(() => () => form.current?.destroy(), []);

  const start = async () => {
    setStep({ kind: 'loading' });
    form.current?.destroy();
    form.current = null;
    try {
      const attempt = await pay({ id: order._id }).unwrap();
      if (!container.current) return;
      form.current = await mountCardForm(attempt.publishableKey, attempt.clientSecret, container.current);
      setStep({ kind: 'ready' });
    } catch (error) {
      setStep({ kind: 'refused', message: errorMessage(error, 'The payment could not be started; please try again') });
    }
  };

  const confirm = async () => {
    if (!form.current) return;
    setStep({ kind: 'confirming' });
    const outcome = await form.current.confirm(window.location.href.split('?')[0]);
    if ('error' in outcome) {
      form.current.destroy();
      form.current = null;
      setStep({ kind: 'refused', message: outcome.error });
    } else setStep({ kind: 'waiting' });
  };

  const busy = step.kind === 'loading' || step.kind === 'confirming';
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="card-pay-title">
      <Typography id="card-pay-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        Pay by card
      </Typography>
      {step.kind === 'waiting' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>Payment received by Stripe; confirming your order…</Typography>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {returned === 'failed' && step.kind === 'idle' && <Alert severity="error">The payment was not completed. You can try again.</Alert>}
          {failure && (step.kind === 'idle' || step.kind === 'refused') && (
            <Alert severity="error" data-testid="payment-failure">
              {failure} Your order is kept: you can pay with another card.
            </Alert>
          )}
          {order.paymentDueBy && (
            <Typography variant="body2" color="text.secondary">
              Your items are held until {new Date(order.paymentDueBy).toLocaleTimeString()}.
            </Typography>
          )}
          <Box ref={container} data-testid="card-form" sx={{ display: step.kind === 'ready' || step.kind === 'confirming' ? 'block' : 'none' }} />
          {step.kind === 'ready' || step.kind === 'confirming' ? (
            <Button variant="contained" size="large" onClick={confirm} disabled={busy}>
              {step.kind === 'confirming' ? 'Paying…' : `Pay ${formatPrice(orderTotal(order))}`}
            </Button>
          ) : (
            <Button variant="contained" size="large" onClick={start} disabled={busy}>
              {step.kind === 'loading' ? 'Loading…' : failure ? 'Try again with another card' : `Pay ${formatPrice(orderTotal(order))} by card`}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
