import { createAccount, type TestAccount, ADDRESS, insertProduct, readStock } from '../support/fixtures';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { until } from '../support/polling';
import { startTestStack, type TestStack } from '../support/test-stack';

interface OrderBody {
  id: string;
  number: string;
  status: string;
  state: string;
  paymentState: string;
  fulfilmentState: string;
  paid: number;
  refunded: number;
  total: number;
  carrier: string | null;
  trackingNumber: string | null;
  refunds: { id: string; amount: number; status: string; reason?: string | null }[];
  statusHistory: { status: string; event?: string }[];
  returnedLines: { line: number; quantity: number }[];
}

/** Issue #38: an order as three machines (order, payment, fulfilment), cash on delivery the right way round, refunds as a ledger, honest numbers. */
describe('order lifecycle: three machines, cash on delivery, refunds ledger, returns, dashboard numbers', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    [admin, ann] = await Promise.all([
      createAccount(stack, 'admin', { username: 'Olive Owner' }),
      createAccount(stack, 'customer', { username: 'Ann Lifecycle' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const post = (path: string, body?: Record<string, unknown>, who: TestAccount = admin) => {
    const req = stack.http().post(path).set('Authorization', who.bearer);
    return body ? req.send(body) : req;
  };
  const get = async (id: string, who: TestAccount = admin): Promise<OrderBody> =>
    (await stack.http().get(`/api/orders/${id}`).set('Authorization', who.bearer).expect(200)).body as OrderBody;
  const place = async (lines: { productId: string; quantity: number }[], couponCode?: string): Promise<OrderBody> => {
    for (const line of lines) await post('/api/cart', line, ann).expect(201);
    const res = await post('/api/orders', { shippingAddress: ADDRESS, paymentMethod: 'cod', ...(couponCode ? { couponCode } : {}) }, ann).expect(201);
    return res.body as OrderBody;
  };
  const mailsOf = async (order: OrderBody): Promise<OutboxMail[]> =>
    (await readOutbox(stack.config.outboxDir)).filter((m) => m.to.includes(ann.email) && m.subject.includes(order.number));
  /** A mail telling the customer the money came in. */
  const saysPaid = (m: OutboxMail) => /\bpaid\b|payment received/i.test(m.subject);

  it('a cash order: placed → shipped with tracking → delivered → paid when the cash is recorded; no "paid" mail before the cash', async () => {
    const shirt = await insertProduct(stack, { priceCents: 2500, countInStock: 5 });
    const placed = await place([{ productId: shirt.id, quantity: 2 }]);
    expect(placed).toMatchObject({ state: 'placed', paymentState: 'unpaid', fulfilmentState: 'unfulfilled', status: 'pending', paid: 0 });
    expect((await readStock(stack, shirt.id)).countInStock).toBe(3);

    // Ships unpaid: the cash comes at the door.
    await post(`/api/orders/${placed.id}/ship`, { carrier: 'UPS' }).expect(400);
    const shipped = (await post(`/api/orders/${placed.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }).expect(200))
      .body as OrderBody;
    expect(shipped).toMatchObject({
      state: 'placed',
      paymentState: 'unpaid',
      fulfilmentState: 'shipped',
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect((await post(`/api/orders/${placed.id}/ship`, { carrier: 'UPS', trackingNumber: 'again' }).expect(409)).body.code).toBe(
      'INVALID_TRANSITION',
    );

    const delivered = (await post(`/api/orders/${placed.id}/deliver`).expect(200)).body as OrderBody;
    // Delivered but not paid: not completed yet.
    expect(delivered).toMatchObject({ state: 'placed', paymentState: 'unpaid', fulfilmentState: 'delivered' });
    await until(async () => (await mailsOf(placed)).length >= 3, 15_000, 'placed, shipped and delivered mails');
    expect((await mailsOf(placed)).filter(saysPaid)).toEqual([]);

    const paid = (await post(`/api/orders/${placed.id}/mark-paid`).expect(200)).body as OrderBody;
    expect(paid).toMatchObject({ state: 'completed', paymentState: 'paid', fulfilmentState: 'delivered', paid: 50, status: 'delivered' });
    expect(paid.statusHistory.map((h) => h.event)).toEqual(['status', 'shipment', 'delivery', 'payment']);
    await until(async () => (await mailsOf(placed)).some(saysPaid), 15_000, 'payment mail');
    // Stock was taken once and stays taken.
    expect((await readStock(stack, shirt.id)).countInStock).toBe(3);
    // The customer sees the same states.
    expect(await get(placed.id, ann)).toMatchObject({ state: 'completed', paymentState: 'paid', fulfilmentState: 'delivered' });
  });

  it('refunds a part then the rest: the ledger sums to what was paid, a third refund is refused with a code, each refund mails the customer', async () => {
    const coat = await insertProduct(stack, { priceCents: 10_000, countInStock: 5 });
    const order = await place([{ productId: coat.id, quantity: 1 }]);
    expect((await post(`/api/orders/${order.id}/refund`, { reason: 'Too early', amount: 10 }).expect(409)).body.code).toBe('ORDER_NOT_REFUNDABLE');
    await post(`/api/orders/${order.id}/ship`, { carrier: 'DHL', trackingNumber: 'JD0001' }).expect(200);
    await post(`/api/orders/${order.id}/mark-paid`).expect(200);

    expect((await post(`/api/orders/${order.id}/refund`, { reason: 'Too much', amount: 100.01 }).expect(409)).body.code).toBe('REFUND_EXCEEDS_PAID');
    expect((await post(`/api/orders/${order.id}/refund`, { reason: 'Bad amount', amount: -5 }).expect(400)).body.message).toMatch(/at least 0.01/);
    const part = (await post(`/api/orders/${order.id}/refund`, { reason: 'Loose button', amount: 30 }).expect(200)).body as OrderBody;
    expect(part).toMatchObject({ paymentState: 'partially_refunded', paid: 100, refunded: 30, fulfilmentState: 'shipped', state: 'placed' });
    expect(part.refunds).toEqual([expect.objectContaining({ amount: 30, status: 'succeeded', reason: 'Loose button' })]);

    const rest = (await post(`/api/orders/${order.id}/refund`, { reason: 'Returned in full' }).expect(200)).body as OrderBody;
    expect(rest).toMatchObject({ paymentState: 'refunded', refunded: 100 });
    expect(rest.refunds.map((r) => r.amount)).toEqual([30, 70]);
    expect(rest.refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(rest.paid);

    const third = await post(`/api/orders/${order.id}/refund`, { reason: 'Once more', amount: 1 }).expect(409);
    expect(third.body.code).toBe('ORDER_NOT_REFUNDABLE');
    // The customer sees the refunds (amounts, not the internal reasons).
    const mine = await get(order.id, ann);
    expect(mine.refunds.map((r) => [r.amount, r.status])).toEqual([
      [30, 'succeeded'],
      [70, 'succeeded'],
    ]);
    expect(mine.refunds[0].reason).toBeUndefined();
    await until(async () => (await mailsOf(order)).filter((m) => /refund/i.test(m.subject)).length === 2, 15_000, 'two refund mails');
  });

  it('two refunds at once never exceed what was paid', async () => {
    const bag = await insertProduct(stack, { priceCents: 4000, countInStock: 5 });
    const order = await place([{ productId: bag.id, quantity: 1 }]);
    await post(`/api/orders/${order.id}/mark-paid`).expect(200);
    const answers = await Promise.all([
      post(`/api/orders/${order.id}/refund`, { reason: 'first', amount: 30 }),
      post(`/api/orders/${order.id}/refund`, { reason: 'second', amount: 30 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const stored = await get(order.id);
    expect(stored.refunded).toBe(30);
    expect(stored.refunds).toHaveLength(1);
  });

  it('a return marks the fulfilment returned and restocks only the chosen lines', async () => {
    const a = await insertProduct(stack, { priceCents: 1000, countInStock: 10 });
    const b = await insertProduct(stack, { priceCents: 2000, countInStock: 10 });
    const order = await place([
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 1 },
    ]);
    expect((await post(`/api/orders/${order.id}/return`, { reason: 'Not shipped', lines: [{ line: 0, quantity: 1 }] }).expect(409)).body.code).toBe(
      'INVALID_TRANSITION',
    );
    await post(`/api/orders/${order.id}/ship`, { carrier: 'USPS', trackingNumber: '9400100000000000000000' }).expect(200);
    const lineA = 0;
    expect((await post(`/api/orders/${order.id}/return`, { reason: 'Too many', lines: [{ line: lineA, quantity: 4 }] }).expect(400)).body.code).toBe(
      'INVALID_RETURN',
    );
    expect((await post(`/api/orders/${order.id}/return`, { reason: 'Nope', lines: [{ line: 7, quantity: 1 }] }).expect(400)).body.code).toBe(
      'INVALID_RETURN',
    );
    const returned = (await post(`/api/orders/${order.id}/return`, { reason: 'Wrong size', lines: [{ line: 0, quantity: 2 }] }).expect(200))
      .body as OrderBody;
    expect(returned).toMatchObject({ fulfilmentState: 'returned', returnedLines: [{ line: 0, quantity: 2 }] });
    await until(async () => (await readStock(stack, a.id)).countInStock === 9, 10_000, 'returned units back');
    expect((await readStock(stack, b.id)).countInStock).toBe(9);
    // Returned goods cannot be cancelled.
    expect((await post(`/api/orders/${order.id}/admin-cancel`, { reason: 'late' }).expect(409)).body.code).toBe('INVALID_TRANSITION');
  });

  it('dashboard revenue and Top products count what was paid, net of refunds and after discounts', async () => {
    const before = (await stack.http().get('/api/orders/stats').set('Authorization', admin.bearer).expect(200)).body as {
      revenue: number;
      topProducts: { productId: string; quantity: number; revenue: number }[];
    };
    const hat = await insertProduct(stack, { name: 'Counting Hat', priceCents: 2900, countInStock: 50 });
    await post('/api/coupons', { code: 'TENOFF', type: 'percent', value: 10 }).expect(201);

    // Unpaid: not revenue.
    await place([{ productId: hat.id, quantity: 1 }]);
    // Paid with a 10% coupon: $26.10, not $29.
    const discounted = await place([{ productId: hat.id, quantity: 1 }], 'TENOFF');
    expect(discounted.total).toBe(26.1);
    await post(`/api/orders/${discounted.id}/mark-paid`).expect(200);
    // Paid, then refunded in full: nothing kept.
    const refunded = await place([{ productId: hat.id, quantity: 2 }]);
    await post(`/api/orders/${refunded.id}/mark-paid`).expect(200);
    await post(`/api/orders/${refunded.id}/refund`, { reason: 'Changed mind' }).expect(200);
    // Paid $29, $9 refunded: $20 kept.
    const partly = await place([{ productId: hat.id, quantity: 1 }]);
    await post(`/api/orders/${partly.id}/mark-paid`).expect(200);
    await post(`/api/orders/${partly.id}/refund`, { reason: 'Small stain', amount: 9 }).expect(200);

    const after = (await stack.http().get('/api/orders/stats').set('Authorization', admin.bearer).expect(200)).body as typeof before;
    expect(Math.round((after.revenue - before.revenue) * 100)).toBe(2610 + 2000);
    const row = after.topProducts.find((t) => t.productId === hat.id);
    // Units of the paid orders kept (the unpaid one and the fully refunded one left out).
    expect(row).toMatchObject({ quantity: 2, revenue: 46.1 });
  });
});
