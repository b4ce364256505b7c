import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getModelToken } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import request from 'supertest';
import { Order, PaymentAttempt, StripeEvent } from '@shop/database';
import { PaymentReconciler } from '@shop/payments';
import { createApiApp } from '../../apps/api/src/app.setup';
import { ADDRESS, createAccount, insertProduct, readStock, type TestAccount } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { until } from '../support/polling';
import { StripeStandIn } from '../support/stripe-stand-in';
import { startTestStack, type TestStack } from '../support/test-stack';

interface OrderBody {
  id: string;
  number: string;
  state: string;
  paymentState: string;
  fulfilmentState: string;
  status: string;
  total: number;
  paid: number;
  refunded: number;
  paymentFailure: string | null;
  paymentDueBy: string | null;
  refunds: { id: string; amount: number; status: string }[];
  statusHistory: { status: string; event?: string }[];
}
interface AttemptBody {
  attemptId: string;
  clientSecret: string;
  publishableKey: string;
  amount: number;
}

/** Issue #38: card payments through Stripe, offline against the stand-in in test/support, with the real engine, Redis and worker. */
describe('card payments through Stripe (the stand-in): attempts, signed webhooks, the reconciler, refunds', () => {
  const stripe = new StripeStandIn();
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let orders: Model<Order>;
  let attempts: Model<PaymentAttempt>;
  let events: Model<StripeEvent>;

  beforeAll(async () => {
    await stripe.start();
    stack = await startTestStack({ worker: true, env: stripe.env() });
    [admin, ann] = await Promise.all([
      createAccount(stack, 'admin', { username: 'Olive Owner' }),
      createAccount(stack, 'customer', { username: 'Ann Card' }),
    ]);
    orders = stack.app.get(getModelToken(Order.name));
    attempts = stack.app.get(getModelToken(PaymentAttempt.name));
    events = stack.app.get(getModelToken(StripeEvent.name));
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await stripe.stop();
  });

  const post = (path: string, body?: Record<string, unknown>, who: TestAccount = admin) => {
    const req = stack.http().post(path).set('Authorization', who.bearer);
    return body ? req.send(body) : req;
  };
  const get = async (id: string): Promise<OrderBody> =>
    (await stack.http().get(`/api/orders/${id}`).set('Authorization', ann.bearer).expect(200)).body as OrderBody;
  const placeCard = async (priceCents = 4000, quantity = 1, countInStock = 5) => {
    const product = await insertProduct(stack, { priceCents, countInStock });
    await post('/api/cart', { productId: product.id, quantity }, ann).expect(201);
    const order = (await post('/api/orders', { shippingAddress: ADDRESS, paymentMethod: 'card' }, ann).expect(201)).body as OrderBody;
    return { product, order };
  };
  const pay = async (order: OrderBody): Promise<AttemptBody> =>
    (await post(`/api/orders/${order.id}/payment`, undefined, ann).expect(201)).body as AttemptBody;
  const webhook = (event: { payload: string; signature: string }, http = stack.http()) =>
    http.post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', event.signature).send(event.payload);
  const settled = (order: OrderBody, check: (o: OrderBody) => boolean, what: string) =>
    until(async () => ((o) => (check(o) ? o : undefined))(await get(order.id)), 15_000, what);
  const processed = (eventId: string) =>
    until(async () => ((await events.findById(eventId).lean())?.processedAt ? true : undefined), 15_000, `event ${eventId} processed`);
  const mailsOf = async (order: OrderBody) =>
    (await readOutbox(stack.config.outboxDir)).filter((m) => m.to.includes(ann.email) && m.subject.includes(order.number));

  it('offers the card next to cash on delivery, with the publishable key', async () => {
    const res = await stack.http().get('/api/payments/methods').expect(200);
    expect(res.body).toEqual({ methods: ['cod', 'card'], stripePublishableKey: stripe.env().STRIPE_PUBLISHABLE_KEY });
    // The storefront may load Stripe.js and its frames, because card payments are configured.
    expect(res.headers['content-security-policy']).toContain('https://js.stripe.com');
  });

  it('a card order: awaiting payment with its stock held → paid by the webhook (mails then) → shipped → delivered, stock taken once', async () => {
    const { product, order } = await placeCard(4000, 2);
    expect(order).toMatchObject({ state: 'awaiting_payment', paymentState: 'unpaid', status: 'pending' });
    expect(order.paymentDueBy).not.toBeNull();
    expect((await readStock(stack, product.id)).countInStock).toBe(3);
    // Nothing is mailed before the money comes in.
    expect(await mailsOf(order)).toEqual([]);

    const attempt = await pay(order);
    expect(attempt).toMatchObject({ publishableKey: stripe.env().STRIPE_PUBLISHABLE_KEY, amount: 80 });
    const intent = stripe.intentOf(attempt.attemptId);
    expect(attempt.clientSecret).toBe(intent.client_secret);
    expect(intent).toMatchObject({ amount: 8000, currency: 'usd', metadata: { orderId: order.id, attemptId: attempt.attemptId } });
    // The attempt's id is the idempotency key of its intent's creation.
    expect(stripe.createRequests.at(-1)).toEqual({ idempotencyKey: attempt.attemptId, answered: 200 });
    // Asking again while it is payable answers the same attempt (no second intent).
    expect((await pay(order)).clientSecret).toBe(attempt.clientSecret);
    expect(stripe.intentsPerKey().get(attempt.attemptId)).toBe(1);

    stripe.pay(intent.id);
    const res = await webhook(stripe.event('payment_intent.succeeded', intent.id)).expect(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const paid = await settled(order, (o) => o.paymentState === 'paid', 'the order paid');
    expect(paid).toMatchObject({ state: 'placed', paymentState: 'paid', status: 'paid', paid: 80, paymentFailure: null });
    await until(async () => ((await mailsOf(order)).length > 0 ? true : undefined), 15_000, 'the confirmation mail');

    await post(`/api/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }).expect(200);
    const delivered = (await post(`/api/orders/${order.id}/deliver`).expect(200)).body as OrderBody;
    expect(delivered).toMatchObject({ state: 'completed', paymentState: 'paid', fulfilmentState: 'delivered' });
    expect((await readStock(stack, product.id)).countInStock).toBe(3);
  });

  it('the same event delivered twice, and another sent to two API instances at once: one effect each', async () => {
    const { order } = await placeCard(2500);
    const attempt = await pay(order);
    const intent = stripe.intentOf(attempt.attemptId);
    stripe.pay(intent.id);
    const event = stripe.event('payment_intent.succeeded', intent.id);
    expect((await webhook(event).expect(200)).body).toEqual({ received: true, duplicate: false });
    await processed(event.id);
    expect((await webhook(event).expect(200)).body).toEqual({ received: true, duplicate: true });

    // A second API instance on the same database and Redis prefix; one more event about the same intent, sent to both at once.
    const second: NestFastifyApplication = await createApiApp(stack.config);
    try {
      await second.init();
      await second.getHttpAdapter().getInstance().ready();
      const again = stripe.event('payment_intent.succeeded', intent.id);
      const answers = await Promise.all([webhook(again), webhook(again, request(second.getHttpServer()))]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => (a.body as { duplicate: boolean }).duplicate).sort()).toEqual([false, true]);
      await processed(again.id);
    } finally {
      await second.close();
    }
    expect(await events.countDocuments({ intentId: intent.id })).toBe(2);
    const paid = await get(order.id);
    expect(paid).toMatchObject({ state: 'placed', paymentState: 'paid', paid: 25 });
    // One payment in the history, one confirmation mail.
    expect((await orders.findById(order.id).lean())?.statusHistory.filter((h) => h.event === 'payment')).toHaveLength(1);
    await until(async () => ((await mailsOf(order)).length > 0 ? true : undefined), 15_000, 'the confirmation mail');
    expect(await mailsOf(order)).toHaveLength(1);
  });

  it('"succeeded" delivered before "processing": the order ends paid (each job reads the intent from Stripe)', async () => {
    const { order } = await placeCard(3000);
    const attempt = await pay(order);
    const intent = stripe.intentOf(attempt.attemptId);
    stripe.process(intent.id);
    const processing = stripe.event('payment_intent.processing', intent.id);
    stripe.pay(intent.id);
    const succeeded = stripe.event('payment_intent.succeeded', intent.id);
    await webhook(succeeded).expect(200);
    await processed(succeeded.id);
    await webhook(processing).expect(200);
    await processed(processing.id);
    expect(await get(order.id)).toMatchObject({ state: 'placed', paymentState: 'paid', paid: 30 });
  });

  it('a bad signature, an altered body and a signature older than the tolerance answer 400 and change nothing', async () => {
    const { order } = await placeCard(1500);
    const attempt = await pay(order);
    const intent = stripe.intentOf(attempt.attemptId);
    stripe.pay(intent.id);
    const wrongSecret = stripe.event('payment_intent.succeeded', intent.id, { secret: 'whsec_not_the_shops_secret_0000000' });
    const stale = stripe.event('payment_intent.succeeded', intent.id, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const genuine = stripe.event('payment_intent.succeeded', intent.id);
    const altered = { payload: genuine.payload.replace('"livemode":false', '"livemode":true'), signature: genuine.signature };
    for (const bad of [wrongSecret, stale, altered]) {
      const res = await webhook(bad).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'STRIPE_SIGNATURE_INVALID' });
    }
    await stack.http().post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').send(genuine.payload).expect(400);
    expect(await events.countDocuments({ _id: { $in: [wrongSecret.id, stale.id, genuine.id] } })).toBe(0);
    expect(await get(order.id)).toMatchObject({ state: 'awaiting_payment', paymentState: 'unpaid' });
  });

  it('Stripe answering 500 on create: a coded 502, the order stays payable, and the retry uses the same idempotency key (one intent)', async () => {
    const { order } = await placeCard(2000);
    const before = stripe.createRequests.length;
    stripe.failCreates = 2; // the request and the SDK's own retry
    const res = await post(`/api/orders/${order.id}/payment`, undefined, ann).expect(502);
    expect(res.body).toMatchObject({ statusCode: 502, code: 'PAYMENT_PROVIDER_ERROR' });
    expect(res.body.message).toMatch(/Stripe could not start the payment \(HTTP 500\)/);
    expect(JSON.stringify(res.body)).not.toMatch(/ at |sk_test|stack/);
    expect(await get(order.id)).toMatchObject({ state: 'awaiting_payment', paymentState: 'unpaid' });

    const attempt = await pay(order);
    const keys = stripe.createRequests.slice(before).map((r) => r.idempotencyKey);
    expect(keys).toEqual([attempt.attemptId, attempt.attemptId, attempt.attemptId]);
    expect(stripe.createRequests.slice(before).map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(stripe.intentsPerKey().get(attempt.attemptId)).toBe(1);
    expect(await attempts.countDocuments({ order: new Types.ObjectId(order.id) })).toBe(1);
  });

  it("a declined card shows Stripe's message and leaves the order payable; a new attempt (new key) pays it", async () => {
    const { order } = await placeCard(1800);
    const first = await pay(order);
    const intent = stripe.intentOf(first.attemptId);
    stripe.decline(intent.id, 'Your card has insufficient funds.');
    const failed = stripe.event('payment_intent.payment_failed', intent.id);
    await webhook(failed).expect(200);
    const declined = await settled(order, (o) => o.paymentState === 'failed', 'the payment failed');
    expect(declined).toMatchObject({ state: 'awaiting_payment', paymentState: 'failed', paymentFailure: 'Your card has insufficient funds.' });

    const second = await pay(order);
    expect(second.attemptId).not.toBe(first.attemptId);
    const retry = stripe.intentOf(second.attemptId);
    expect(retry.id).not.toBe(intent.id);
    stripe.pay(retry.id);
    await webhook(stripe.event('payment_intent.succeeded', retry.id)).expect(200);
    expect(await settled(order, (o) => o.paymentState === 'paid', 'the order paid')).toMatchObject({
      state: 'placed',
      paymentFailure: null,
      paid: 18,
    });
  });

  it('a shopper who paid and closed the tab, the webhook lost: the reconciler finds the payment after 15 minutes', async () => {
    const { order } = await placeCard(2200);
    const attempt = await pay(order);
    stripe.pay(stripe.intentOf(attempt.attemptId).id);
    // Not yet 15 minutes: left alone.
    await stack.worker?.get(PaymentReconciler).sweep();
    expect(await get(order.id)).toMatchObject({ paymentState: 'unpaid' });
    await attempts.collection.updateOne({ _id: new Types.ObjectId(attempt.attemptId) }, { $set: { createdAt: new Date(Date.now() - 16 * 60_000) } });
    await stack.worker?.get(PaymentReconciler).sweep();
    expect(await get(order.id)).toMatchObject({ state: 'placed', paymentState: 'paid', paid: 22 });
  });

  it('an attempt that expires unpaid: its intent cancelled at Stripe, the stock released, the order cancelled, the customer told', async () => {
    const { product, order } = await placeCard(1200, 2, 4);
    expect((await readStock(stack, product.id)).countInStock).toBe(2);
    const attempt = await pay(order);
    await orders.collection.updateOne({ _id: new Types.ObjectId(order.id) }, { $set: { paymentDueBy: new Date(Date.now() - 1000) } });
    await stack.worker?.get(PaymentReconciler).sweep();
    expect(stripe.intentOf(attempt.attemptId).status).toBe('canceled');
    expect(await get(order.id)).toMatchObject({ state: 'cancelled', paymentState: 'unpaid', status: 'cancelled' });
    await until(async () => ((await readStock(stack, product.id)).countInStock === 4 ? true : undefined), 15_000, 'the stock back');
    const told = await until(async () => (await mailsOf(order)).find((m) => /cancel/i.test(m.subject)), 15_000, 'the cancellation mail');
    expect(told.text).toContain('Payment not completed in time');
    // A late attempt to pay it is refused.
    expect((await post(`/api/orders/${order.id}/payment`, undefined, ann).expect(409)).body.code).toBe('ORDER_NOT_PAYABLE');
  });

  it('the customer cancels a card order awaiting payment: its intent is cancelled at Stripe first, so it cannot be paid later', async () => {
    const { product, order } = await placeCard(1000, 1, 3);
    const attempt = await pay(order);
    const cancelled = (await post(`/api/orders/${order.id}/cancel`, undefined, ann).expect(200)).body as OrderBody;
    expect(cancelled).toMatchObject({ state: 'cancelled', paymentState: 'unpaid' });
    expect(stripe.intentOf(attempt.attemptId).status).toBe('canceled');
    await until(async () => ((await readStock(stack, product.id)).countInStock === 3 ? true : undefined), 15_000, 'the stock back');

    // Paid at Stripe before the cancel arrives: the order is paid, not cancelled.
    const late = await placeCard(1000, 1, 3);
    const lateAttempt = await pay(late.order);
    stripe.pay(stripe.intentOf(lateAttempt.attemptId).id);
    expect((await post(`/api/orders/${late.order.id}/cancel`, undefined, ann).expect(409)).body.code).toBe('ORDER_CHANGED');
    expect(await get(late.order.id)).toMatchObject({ state: 'placed', paymentState: 'paid' });
  });

  it('refunds a card order in two parts through Stripe, each keyed by its refund id; a third is refused', async () => {
    const { order } = await placeCard(5000);
    const attempt = await pay(order);
    const intent = stripe.intentOf(attempt.attemptId);
    stripe.pay(intent.id);
    await webhook(stripe.event('payment_intent.succeeded', intent.id)).expect(200);
    await settled(order, (o) => o.paymentState === 'paid', 'the order paid');

    const part = (await post(`/api/orders/${order.id}/refund`, { reason: 'One sleeve shorter', amount: 20 }).expect(200)).body as OrderBody;
    expect(part).toMatchObject({ paymentState: 'partially_refunded', refunded: 20 });
    const rest = (await post(`/api/orders/${order.id}/refund`, { reason: 'Returned it all' }).expect(200)).body as OrderBody;
    expect(rest).toMatchObject({ paymentState: 'refunded', refunded: 50 });
    const atStripe = stripe.refunds.filter((r) => r.payment_intent === intent.id);
    expect(atStripe.map((r) => [r.amount, r.idempotencyKey])).toEqual([
      [2000, rest.refunds[0].id],
      [3000, rest.refunds[1].id],
    ]);
    const third = await post(`/api/orders/${order.id}/refund`, { reason: 'Once more', amount: 1 }).expect(409);
    expect(['ORDER_NOT_REFUNDABLE', 'REFUND_EXCEEDS_PAID']).toContain(third.body.code);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(2);
  });
});

describe('without Stripe keys the shop runs on cash on delivery', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('offers cash on delivery only, refuses a card order, and has no webhook', async () => {
    const res = await stack.http().get('/api/payments/methods').expect(200);
    expect(res.body).toEqual({ methods: ['cod'], stripePublishableKey: null });
    expect(res.headers['content-security-policy']).not.toContain('stripe.com');
    const ann = await createAccount(stack, 'customer');
    const product = await insertProduct(stack, { priceCents: 1000, countInStock: 2 });
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: product.id, quantity: 1 }).expect(201);
    const refused = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', ann.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'card' })
      .expect(400);
    expect(refused.body.code).toBe('PAYMENT_METHOD_UNSUPPORTED');
    await stack
      .http()
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=0')
      .send('{}')
      .expect(404);
  });
});
