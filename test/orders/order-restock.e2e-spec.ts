import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount } from '../support/accounts';
import { ADDRESS, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { OrderRestockService } from '../../apps/api/src/orders/order-restock.service';

// Cancelling an order puts its units back in stock. The cancel records the debt on the order in the same
// update; each line goes back once (a mark on the product), so a restock cut short by a crash is finished by
// the sweep without giving anything back twice.
describe('a cancelled order restocks exactly once, even across a crash', () => {
  let stack: TestStack;
  let buyer: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    buyer = await createAccount(stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const db = () => stack.app.get<Connection>(getConnectionToken());
  const stockOf = async (id: string) => (await db().collection('products').findOne({ _id: new Types.ObjectId(id) }))?.countInStock as number;
  const marksOf = async (id: string) => (await db().collection('products').findOne({ _id: new Types.ObjectId(id) }))?.restockMarks ?? [];

  async function order(lines: { productId: string; quantity: number }[]): Promise<string> {
    for (const line of lines) await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send(line).expect(201);
    const placed = await stack.http().post('/api/orders').set('Authorization', buyer.bearer).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' }).expect(201);
    return placed.body.id as string;
  }

  it('the owner cancels: every unit is back, and the order owes nothing', async () => {
    const [a, b] = await Promise.all([createProduct(stack, { countInStock: 10 }), createProduct(stack, { countInStock: 4 })]);
    const id = await order([
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 1 },
    ]);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([7, 3]);
    await stack.http().post(`/api/orders/${id}/cancel`).set('Authorization', buyer.bearer).expect(200);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 4]);
    expect((await db().collection('orders').findOne({ _id: new Types.ObjectId(id) }))?.restockPending).toBeUndefined();
    expect([await marksOf(a.id), await marksOf(b.id)]).toEqual([[], []]);
  });

  it('a restock cut after its first line is finished by the sweep, and no line goes back twice', async () => {
    const [a, b] = await Promise.all([createProduct(stack, { countInStock: 10 }), createProduct(stack, { countInStock: 10 })]);
    const id = await order([
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 5 },
    ]);
    const orderId = new Types.ObjectId(id);
    // As a crash would leave it a minute ago: cancelled with the restock owed, line 0 already back (marked).
    await db()
      .collection('orders')
      .updateOne({ _id: orderId }, { $set: { status: 'cancelled', restockPending: true, updatedAt: new Date(Date.now() - 60_000) } });
    await db()
      .collection('products')
      .updateOne({ _id: new Types.ObjectId(a.id) }, { $inc: { countInStock: 2, quantity: 2 }, $push: { restockMarks: `${id}:0` } as never });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 5]);

    const restocks = stack.app.get(OrderRestockService);
    expect(await restocks.sweep()).toBe(1);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);
    expect((await db().collection('orders').findOne({ _id: orderId }))?.restockPending).toBeUndefined();
    expect([await marksOf(a.id), await marksOf(b.id)]).toEqual([[], []]);
    expect(await restocks.sweep()).toBe(0);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);
  });

  it('leaves a restock begun in the last 30 s to the request doing it', async () => {
    const a = await createProduct(stack, { countInStock: 10 });
    const id = await order([{ productId: a.id, quantity: 1 }]);
    await db()
      .collection('orders')
      .updateOne({ _id: new Types.ObjectId(id) }, { $set: { status: 'cancelled', restockPending: true, updatedAt: new Date() } });
    expect(await stack.app.get(OrderRestockService).sweep()).toBe(0);
    expect(await stockOf(a.id)).toBe(9);
  });
});
