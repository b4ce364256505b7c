import { Types } from 'mongoose';
import { orderNumberOf } from '@shop/database';
import { createAccount, ADDRESS, insertProduct } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { until } from '../support/polling';
import { startTestStack, type TestStack } from '../support/test-stack';

// The shop's owner hears of every new order: at ORDER_ALERT_EMAIL when it is set (order-mails.e2e-spec.ts covers the
// first admin when it is not).
describe('the new-order e-mail goes to ORDER_ALERT_EMAIL', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true, env: { ORDER_ALERT_EMAIL: 'Orders@Shop.test', SWEEP_EVERY_MS: '86400000' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const outbox = () => readOutbox(stack.config.outboxDir);

  it('a placed order sends its alert to the configured address, not to the admins', async () => {
    const [admin, buyer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
    const product = await insertProduct(stack, { countInStock: 5, priceCents: 2599 });
    await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: product.id, quantity: 2 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
      .expect(201);
    const id = new Types.ObjectId(placed.body.id as string).toHexString();
    const alert = await until(async () => (await outbox()).find((m) => m.to.includes('orders@shop.test')), 15_000, 'the new-order e-mail');
    expect(alert.subject).toBe(`New order #${orderNumberOf(id)}: ${alert.subject.split(': ')[1]}`);
    expect(alert.subject).toContain(`from ${buyer.username}`);
    expect(alert.text).toContain(`2 × ${product.name} at $25.99 = $51.98`);
    expect(alert.text).toContain(`Customer: ${buyer.username} <${buyer.email}>`);
    expect(alert.text).toContain(ADDRESS.fullName);
    expect(alert.links).toContain(`http://shop.test/admin/orders/${id}/show`);
    // Both mails of the order are out (the receipt is the buyer's); none went to the admin.
    await until(async () => ((await outbox()).some((m) => m.to.includes(buyer.email)) ? true : undefined), 15_000, 'the receipt');
    expect((await outbox()).filter((m) => m.to.includes(admin.email))).toEqual([]);
    expect((await outbox()).filter((m) => m.to.includes('orders@shop.test'))).toHaveLength(1);
  });
});
