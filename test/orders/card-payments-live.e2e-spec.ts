import Stripe from 'stripe';
import { StripePaymentProvider } from '@shop/payments';

/**
 * The card provider against Stripe's real test mode. Runs only when STRIPE_LIVE_TEST_SECRET_KEY holds a test key
 * (sk_test_…): every other run, and CI, stays offline (test/orders/card-payments.e2e-spec.ts uses the stand-in).
 */
const key = process.env.STRIPE_LIVE_TEST_SECRET_KEY;
const live = key !== undefined && key.startsWith('sk_test_');
if (key !== undefined && !live) throw new Error('STRIPE_LIVE_TEST_SECRET_KEY must be a test-mode key (sk_test_…)');

(live ? describe : describe.skip)('card payments against Stripe test mode (only with STRIPE_LIVE_TEST_SECRET_KEY)', () => {
  const stripe = new Stripe(key ?? 'sk_test_unset', { maxNetworkRetries: 1 });
  const provider = new StripePaymentProvider(stripe);

  it('creates an intent under the attempt id (the same key answers the same intent), pays it with a test card, refunds a part', async () => {
    const attemptId = `live-${Date.now().toString(36)}`;
    const request = { orderId: 'live-order', orderNumber: 'LIVETEST', attemptId, amountCents: 1234, currency: 'usd' as const };
    const created = await provider.createAttempt(request);
    expect(created).toMatchObject({ status: 'pending', amountCents: 1234 });
    expect((await provider.createAttempt(request)).reference).toBe(created.reference);
    await stripe.paymentIntents.confirm(created.reference as string, { payment_method: 'pm_card_visa', return_url: 'https://shop.test/order/live' });
    expect(await provider.retrieve(created.reference as string)).toMatchObject({ status: 'succeeded', attemptId });
    const refund = await provider.refund({ paymentReference: created.reference, refundId: `${attemptId}-r1`, amountCents: 234, reason: 'live test' });
    expect(refund.reference).toMatch(/^re_/);
  }, 60_000);

  it("a declined test card leaves the intent payable with Stripe's message", async () => {
    const created = await provider.createAttempt({
      orderId: 'live-order',
      orderNumber: 'LIVETEST',
      attemptId: `live-d-${Date.now().toString(36)}`,
      amountCents: 999,
      currency: 'usd',
    });
    await stripe.paymentIntents
      .confirm(created.reference as string, { payment_method: 'pm_card_chargeDeclined', return_url: 'https://shop.test/order/live' })
      .catch(() => undefined);
    const declined = await provider.retrieve(created.reference as string);
    expect(declined.status).toBe('failed');
    expect(declined.failure).toMatch(/declined/i);
    await provider.cancel(created.reference as string);
  }, 60_000);
});
