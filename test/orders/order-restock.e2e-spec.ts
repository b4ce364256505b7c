import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount, ADDRESS, insertProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { OrderRestockService } from '@shop/orders';

// Cancelling an order puts its units back in stock. The cancel records the debt on the order in the same
// update; each line goes back once (a mark on the product), so a restock cut short by a crash is finished by
// the sweep without giving anything back twice.
describe('a cancelled order restocks exactly once, even across a crash', () => {
  let stack: TestStack;
  let buyer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    [buyer, admin] = await Promise.all([createAccount(stack), createAccount(stack, 'admin')]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const db = () => stack.app.get<Connection>(getConnectionToken());
  const stockOf = async (id: string) =>
    (
      await db()
        .collection('products')
        .findOne({ _id: new Types.ObjectId(id) })
    )?.countInStock as number;
  const marksOf = async (id: string) =>
    (
      await db()
        .collection('products')
        .findOne({ _id: new Types.ObjectId(id) })
    )?.restockMarks ?? [];

  const couponOf = async (code: string) => db().collection('coupons').findOne({ code });
  const redemptionOf = async (coupon: unknown) =>
    db()
      .collection('coupon_redemptions')
      .findOne({ coupon, user: new Types.ObjectId(buyer.id) });

  async function order(lines: { productId: string; quantity: number }[], couponCode?: string): Promise<string> {
    for (const line of lines) await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send(line).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod', ...(couponCode ? { couponCode } : {}) })
      .expect(201);
    return placed.body.id as string;
  }

  it('the owner cancels: every unit and the coupon are back, and the order owes nothing', async () => {
    const [a, b] = await Promise.all([insertProduct(stack, { countInStock: 10 }), insertProduct(stack, { countInStock: 4 })]);
    await stack
      .http()
      .post('/api/coupons')
      .set('Authorization', admin.bearer)
      .send({ code: 'BACK10', type: 'percent', value: 10, perCustomerLimit: 1 })
      .expect(201);
    const id = await order(
      [
        { productId: a.id, quantity: 3 },
        { productId: b.id, quantity: 1 },
      ],
      'BACK10',
    );
    expect((await couponOf('BACK10'))?.redemptions).toBe(1);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([7, 3]);
    await stack.http().post(`/api/orders/${id}/cancel`).set('Authorization', buyer.bearer).expect(200);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 4]);
    const coupon = await couponOf('BACK10');
    expect(coupon?.redemptions).toBe(0);
    expect((await redemptionOf(coupon?._id))?.count).toBe(0);
    expect(coupon?.releaseMarks ?? []).toEqual([]);
    expect(
      (
        await db()
          .collection('orders')
          .findOne({ _id: new Types.ObjectId(id) })
      )?.restockPending,
    ).toBeUndefined();
    expect([await marksOf(a.id), await marksOf(b.id)]).toEqual([[], []]);
  });

  it('a restock cut after its first line and the coupon is finished by the sweep, and nothing goes back twice', async () => {
    const [a, b] = await Promise.all([insertProduct(stack, { countInStock: 10 }), insertProduct(stack, { countInStock: 10 })]);
    await stack
      .http()
      .post('/api/coupons')
      .set('Authorization', admin.bearer)
      .send({ code: 'CUT10', type: 'percent', value: 10, perCustomerLimit: 2 })
      .expect(201);
    const id = await order(
      [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 5 },
      ],
      'CUT10',
    );
    const coupon = await couponOf('CUT10');
    expect(coupon?.redemptions).toBe(1);
    expect((await redemptionOf(coupon?._id))?.count).toBe(1);
    const orderId = new Types.ObjectId(id);
    // As a crash would leave it a minute ago: cancelled with the restock owed, line 0 already back (marked).
    await db()
      .collection('orders')
      .updateOne({ _id: orderId }, { $set: { status: 'cancelled', restockPending: true, updatedAt: new Date(Date.now() - 60_000) } });
    await db()
      .collection('products')
      .updateOne({ _id: new Types.ObjectId(a.id) }, { $inc: { countInStock: 2, quantity: 2 }, $push: { restockMarks: `${id}:0` } as never });
    // ... and the coupon given back on the coupon itself, not yet on the customer's counter.
    await db()
      .collection('coupons')
      .updateOne({ _id: coupon?._id }, { $inc: { redemptions: -1 }, $push: { releaseMarks: `${id}:coupon` } as never });
    // Another customer redeems it meanwhile: that redemption must stay counted.
    await db()
      .collection('coupons')
      .updateOne({ _id: coupon?._id }, { $inc: { redemptions: 1 } });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 5]);

    const restocks = stack.app.get(OrderRestockService);
    expect(await restocks.sweep()).toBe(1);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);
    expect((await db().collection('orders').findOne({ _id: orderId }))?.restockPending).toBeUndefined();
    expect([await marksOf(a.id), await marksOf(b.id)]).toEqual([[], []]);
    expect((await couponOf('CUT10'))?.redemptions).toBe(1);
    expect((await redemptionOf(coupon?._id))?.count).toBe(0);
    expect((await couponOf('CUT10'))?.releaseMarks ?? []).toEqual([]);
    expect(await restocks.sweep()).toBe(0);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);
  });

  it('leaves a restock begun in the last 30 s to the request doing it', async () => {
    const a = await insertProduct(stack, { countInStock: 10 });
    const id = await order([{ productId: a.id, quantity: 1 }]);
    await db()
      .collection('orders')
      .updateOne({ _id: new Types.ObjectId(id) }, { $set: { status: 'cancelled', restockPending: true, updatedAt: new Date() } });
    expect(await stack.app.get(OrderRestockService).sweep()).toBe(0);
    expect(await stockOf(a.id)).toBe(9);
  });
});
