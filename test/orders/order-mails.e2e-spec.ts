import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, ADDRESS, insertProduct } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';
import { OrderMailsService } from '@shop/orders';
import { orderNumberOf } from '@shop/database';
import { formatCents } from '@shop/mail';
import { JobsService } from '@shop/jobs';

// Order mails are recorded on the order in the same write as the change that owes them, so a mail whose
// queueing failed (Redis away, the API killed in between) is queued by the sweep instead of being lost.
describe('order mails are never lost', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // The worker's scheduled sweep runs once at boot, then not again during the test: the sweeps below are
    // called directly and count what they queued, which a scheduled run in between would take from them.
    stack = await startTestStack({ worker: true, env: { SWEEP_EVERY_MS: '86400000' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const orders = () => stack.app.get<Connection>(getConnectionToken()).collection('orders');
  const mailsTo = async (email: string) => (await readOutbox(stack.config.outboxDir)).filter((m) => m.to.includes(email));
  const mailQueue = () => stack.app.get(JobsService).queue('mail');
  /** Every mail job queued so far has finished: none waiting, running or due for a retry (its mail is in the outbox). */
  const mailQueueDrained = () =>
    until(
      async () => {
        const counts = await mailQueue().getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children');
        return Object.values(counts).every((n) => n === 0) ? true : undefined;
      },
      15_000,
      'the mail queue to drain',
    );

  it('a placed order owes nothing once its confirmation is queued; a crash between the write and the queueing is repaired by the sweep, once', async () => {
    const [buyer, admin] = await Promise.all([createAccount(stack), createAccount(stack, 'admin')]);
    const product = await insertProduct(stack, { countInStock: 5 });
    await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: product.id, quantity: 1 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
      .expect(201);
    const id = new Types.ObjectId(placed.body.id as string);
    expect((await orders().findOne({ _id: id }))?.pendingMails).toEqual([]);
    await until(async () => ((await mailsTo(buyer.email)).length === 1 ? true : undefined), 15_000, 'the confirmation');

    // As a crash would leave it: the status changed and both mails still owed, written a minute ago.
    await stack
      .http()
      .post(`/api/orders/${placed.body.id as string}/mark-paid`)
      .set('Authorization', admin.bearer)
      .expect(200);
    await until(async () => ((await mailsTo(buyer.email)).length === 2 ? true : undefined), 15_000, 'the paid notice');
    await orders().updateOne({ _id: id }, { $set: { pendingMails: ['confirmation', 'status:paid'], updatedAt: new Date(Date.now() - 60_000) } });
    const freshId = new Types.ObjectId();
    await orders().insertOne({
      ...(await orders().findOne({ _id: id }))!,
      _id: freshId,
      idempotencyKey: `${buyer.id}:fresh`,
      pendingMails: ['confirmation'],
      updatedAt: new Date(),
    });

    const sweeper = stack.app.get(OrderMailsService);
    await mailQueueDrained();
    const completedBefore = await mailQueue().getCompletedCount();
    expect(await sweeper.sweep()).toBe(2);
    expect((await orders().findOne({ _id: id }))?.pendingMails).toEqual([]);
    // An order changed in the last 30 s is left to the request that is queueing its mail right now.
    expect((await orders().findOne({ _id: freshId }))?.pendingMails).toEqual(['confirmation']);
    expect(await sweeper.sweep()).toBe(0);
    // The job ids are the order (and status): the confirmation and the notice are not sent a second time. A second
    // job would be in the queue once sweep() returned; with the queue drained it has run, so its mail would be here.
    await mailQueueDrained();
    expect(await mailQueue().getCompletedCount()).toBe(completedBefore);
    expect(await mailsTo(buyer.email)).toHaveLength(2);

    // A confirmation that was never queued at all (the API died right after the write) goes out via the sweep.
    await orders().updateOne({ _id: freshId }, { $set: { updatedAt: new Date(Date.now() - 60_000) } });
    expect(await sweeper.sweep()).toBe(1);
    const third = await until(
      async () => {
        const all = await mailsTo(buyer.email);
        return all.length === 3 ? all : undefined;
      },
      15_000,
      'the swept confirmation',
    );
    expect(third.filter((m) => m.text.includes(freshId.toString()) || m.html.includes(freshId.toString()))).toHaveLength(1);
    expect((await orders().findOne({ _id: freshId }))?.pendingMails).toEqual([]);
  });

  it("a placed order tells the shop's owner: with no ORDER_ALERT_EMAIL, the first admin (the oldest) gets the new-order e-mail", async () => {
    // The oldest admin of this database, whatever the other tests made: an account dated long ago.
    const [owner, newerAdmin, buyer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack, 'admin'), createAccount(stack)]);
    await stack.app
      .get<Connection>(getConnectionToken())
      .collection('users')
      .updateOne({ _id: new Types.ObjectId(owner.id) }, { $set: { createdAt: new Date('2001-01-01T00:00:00Z') } });
    const product = await insertProduct(stack, { countInStock: 5, priceCents: 123450 });
    await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: product.id, quantity: 1 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
      .expect(201);
    const id = placed.body.id as string;
    const [alert] = await until(
      async () => {
        const mails = (await mailsTo(owner.email)).filter((m) => m.text.includes(id));
        return mails.length > 0 ? mails : undefined;
      },
      15_000,
      "the owner's new-order e-mail",
    );
    expect(alert.subject).toContain(`New order #${orderNumberOf(id)}`);
    expect(alert.text).toContain(`${buyer.username} <${buyer.email}>`);
    expect(alert.text).toContain(`1 × ${product.name} at $1,234.50 = $1,234.50`);
    const stored = await orders().findOne({ _id: new Types.ObjectId(id) });
    expect(alert.text).toContain(`Total to pay on delivery: ${formatCents(stored!.totalCents as number)}`);
    expect(alert.text).toContain('Cash on delivery');
    expect(alert.links).toContain(`http://shop.test/admin/orders/${id}/show`);
    // The customer's receipt went out too, with the prices, the address and the order's page.
    const [receipt] = await until(
      async () => {
        const mails = await mailsTo(buyer.email);
        return mails.length > 0 ? mails : undefined;
      },
      15_000,
      "the customer's receipt",
    );
    expect(receipt.subject).toBe(`Order #${orderNumberOf(id)} confirmed`);
    expect(receipt.text).toContain(`1 × ${product.name} at $1,234.50 = $1,234.50`);
    expect(receipt.text).toContain(ADDRESS.address);
    expect(receipt.links).toContain(`http://shop.test/order/${id}`);
    await mailQueueDrained();
    expect((await mailsTo(newerAdmin.email)).filter((m) => m.text.includes(id))).toEqual([]);
    expect((await mailsTo(owner.email)).filter((m) => m.text.includes(id))).toHaveLength(1);
  });

  it('the sweep finds a refund mail (refunded:<refund id>) left owed, and sends its amount and reason once', async () => {
    const buyer = await createAccount(stack);
    const product = await insertProduct(stack, { countInStock: 5, priceCents: 4000 });
    await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: product.id, quantity: 1 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
      .expect(201);
    const id = new Types.ObjectId(placed.body.id as string);
    await until(async () => ((await mailsTo(buyer.email)).length === 1 ? true : undefined), 15_000, 'the confirmation');
    // As the refund leaves it when the process dies before queueing its mail: refund recorded, mail owed.
    const refundId = new Types.ObjectId();
    const order = await orders().findOne({ _id: id });
    await orders().updateOne(
      { _id: id },
      {
        $set: {
          paymentState: 'partially_refunded',
          paidCents: order!.totalCents,
          refundedCents: 500,
          refunds: [{ _id: refundId, amountCents: 500, reason: 'Scuffed <box>', status: 'succeeded', at: new Date() }],
          pendingMails: [`refunded:${refundId.toHexString()}`],
          updatedAt: new Date(Date.now() - 60_000),
        },
      },
    );
    expect(await stack.app.get(OrderMailsService).sweep()).toBe(1);
    expect((await orders().findOne({ _id: id }))?.pendingMails).toEqual([]);
    const refundMail = await until(async () => (await mailsTo(buyer.email)).find((m) => m.subject.includes('refund')), 15_000, 'the refund mail');
    expect(refundMail.subject).toBe(`Partial refund for order #${orderNumberOf(id)}`);
    expect(refundMail.text).toContain('We refunded $5.00');
    expect(refundMail.text).toContain('Reason: Scuffed <box>');
    expect(refundMail.html).toContain('Scuffed &lt;box&gt;');
    expect(refundMail.links).toContain(`http://shop.test/order/${id.toHexString()}`);
    expect(await stack.app.get(OrderMailsService).sweep()).toBe(0);
  });

  it('a mail owed to a customer who has since deleted the account is dropped, not retried forever', async () => {
    const product = await insertProduct(stack, { countInStock: 5 });
    const buyer = await createAccount(stack);
    await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: product.id, quantity: 1 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
      .expect(201);
    const id = new Types.ObjectId(placed.body.id as string);
    await orders().updateOne(
      { _id: id },
      { $set: { user: new Types.ObjectId(), pendingMails: ['status:cancelled'], updatedAt: new Date(Date.now() - 60_000) } },
    );
    expect(await stack.app.get(OrderMailsService).sweep()).toBe(1);
    expect((await orders().findOne({ _id: id }))?.pendingMails).toEqual([]);
  });
});
