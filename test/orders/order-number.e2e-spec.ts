import { ADDRESS, createAccount, insertProduct, type TestAccount } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { until } from '../support/polling';
import { startTestStack, type TestStack } from '../support/test-stack';

interface Order {
  id: string;
  number: string;
}

describe('the order number: one short number everywhere, and the console finds an order by it', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let placed: Order;
  let other: Order;

  const place = async (who: TestAccount): Promise<Order> => {
    const product = await insertProduct(stack, { priceCents: 1500, countInStock: 10 });
    expect((await stack.http().post('/api/cart').set('Authorization', who.bearer).send({ productId: product.id, quantity: 1 })).status).toBe(201);
    const res = await stack.http().post('/api/orders').set('Authorization', who.bearer).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' });
    expect(res.status).toBe(201);
    return res.body as Order;
  };
  const search = async (q: string): Promise<string[]> => {
    const res = await stack
      .http()
      .get('/api/orders')
      .query({ filter: JSON.stringify({ q }) })
      .set('Authorization', admin.bearer);
    expect(res.status).toBe(200);
    return (res.body as Order[]).map((o) => o.id);
  };

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    [admin, ann] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
    placed = await place(ann);
    other = await place(ann);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('is the last 8 hex digits of the id, upper case, on every order answer the customer and the console read', async () => {
    expect(placed.number).toBe(placed.id.slice(-8).toUpperCase());
    expect(placed.number).toMatch(/^[0-9A-F]{8}$/);
    const mine = await stack.http().get('/api/orders/mine').set('Authorization', ann.bearer);
    expect((mine.body as Order[]).find((o) => o.id === placed.id)?.number).toBe(placed.number);
    expect((await stack.http().get(`/api/orders/${placed.id}`).set('Authorization', ann.bearer)).body.number).toBe(placed.number);
    expect((await stack.http().get(`/api/orders/${placed.id}`).set('Authorization', admin.bearer)).body.number).toBe(placed.number);
    const list = await stack.http().get('/api/orders').set('Authorization', admin.bearer);
    expect((list.body as Order[]).find((o) => o.id === placed.id)?.number).toBe(placed.number);
    const customer = await stack.http().get(`/api/customers/${ann.id}`).set('Authorization', admin.bearer);
    expect(customer.status).toBe(200);
    expect((customer.body.orders as Order[]).find((o) => o.id === placed.id)?.number).toBe(placed.number);
  });

  it('is found by the console search as shown, with "#", in lower case, and no other order with it', async () => {
    for (const q of [placed.number, `#${placed.number}`, placed.number.toLowerCase(), placed.id]) expect(await search(q)).toEqual([placed.id]);
    expect(await search(other.number)).toEqual([other.id]);
  });

  it('names the order by the same number in its mails, with a link to the order page', async () => {
    const mail = await until(
      async () => (await readOutbox(stack.config.outboxDir)).find((m) => m.subject === `Order #${placed.number} confirmed`),
      15_000,
      'confirmation mail',
    );
    expect(mail.text).toContain(`Your order #${placed.number} is confirmed`);
    // The long id only in the link, never as the order's name.
    expect(mail.text.replace(/https?:\/\/\S+/g, '')).not.toContain(placed.id.slice(0, 16));
    expect(mail.links.some((link) => link.endsWith(`/order/${placed.id}`))).toBe(true);
    expect((await stack.http().post(`/api/orders/${placed.id}/mark-paid`).set('Authorization', admin.bearer).send({})).status).toBe(200);
    await until(
      async () => (await readOutbox(stack.config.outboxDir)).find((m) => m.subject === `Payment received for order #${placed.number}`),
      15_000,
      'status mail',
    );
  });
});
