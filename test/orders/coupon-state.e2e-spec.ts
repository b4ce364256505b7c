import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createAccount, insertProduct, type TestAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe("a coupon's state is computed when it is read: /api/coupons", () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const coupons = () => stack.app.get<Connection>(getConnectionToken()).collection('coupons');
  const createCoupon = (body: Record<string, unknown>) => stack.http().post('/api/coupons').set('Authorization', admin.bearer).send(body);
  const read = async (id: string) =>
    (await stack.http().get(`/api/coupons/${id}`).set('Authorization', admin.bearer).expect(200)).body as { state: string; active: boolean };

  it('a coupon that expired a second ago reads "expired" (one and the list), as the customer is told COUPON_EXPIRED', async () => {
    const created = await createCoupon({
      code: 'LAST-SECOND',
      type: 'percent',
      value: 10,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    }).expect(201);
    expect(created.body.state).toBe('active');
    // Its end comes: one second ago. Nothing was written to the coupon since; only the clock moved.
    await coupons().updateOne({ code: 'LAST-SECOND' }, { $set: { endsAt: new Date(Date.now() - 1000) } });
    expect(await read(created.body.id)).toEqual(expect.objectContaining({ state: 'expired', active: true }));
    const list = await stack
      .http()
      .get('/api/coupons')
      .query({ filter: JSON.stringify({ q: 'LAST-SECOND' }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(list.body.map((c: { code: string; state: string }) => [c.code, c.state])).toEqual([['LAST-SECOND', 'expired']]);

    const tee = await insertProduct(stack, { priceCents: 2000, countInStock: 5 });
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: tee.id, quantity: 1 }).expect(201);
    const preview = await stack.http().post('/api/coupons/validate').set('Authorization', ann.bearer).send({ code: 'last-second' }).expect(200);
    expect(preview.body).toEqual(expect.objectContaining({ valid: false, reasonCode: 'COUPON_EXPIRED' }));
  });

  it('reads "scheduled" before its start, "used up" once every use is taken and "off" when switched off', async () => {
    const later = await createCoupon({ code: 'LATER', type: 'fixed', value: 5, startsAt: new Date(Date.now() + 86_400_000).toISOString() }).expect(
      201,
    );
    expect(later.body.state).toBe('scheduled');
    // The start comes.
    await coupons().updateOne({ code: 'LATER' }, { $set: { startsAt: new Date(Date.now() - 1000) } });
    expect((await read(later.body.id)).state).toBe('active');

    const limited = await createCoupon({ code: 'ONLY-TWO', type: 'fixed', value: 5, maxRedemptions: 2 }).expect(201);
    await coupons().updateOne({ code: 'ONLY-TWO' }, { $set: { redemptions: 2 } });
    expect((await read(limited.body.id)).state).toBe('used_up');
    // Raising the limit makes it usable again.
    const raised = await stack
      .http()
      .put(`/api/coupons/${limited.body.id}`)
      .set('Authorization', admin.bearer)
      .send({ maxRedemptions: 3 })
      .expect(200);
    expect(raised.body.state).toBe('active');

    const off = await stack.http().put(`/api/coupons/${later.body.id}`).set('Authorization', admin.bearer).send({ active: false }).expect(200);
    expect(off.body.state).toBe('disabled');
  });

  it('explains a refused form in plain words', async () => {
    const backwards = await createCoupon({
      code: 'BACKWARDS',
      type: 'fixed',
      value: 5,
      startsAt: '2030-01-02T00:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    }).expect(400);
    expect(backwards.body).toEqual(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        message: 'The end date must be after the start date',
        errors: { endsAt: 'The end date must be after the start date' },
      }),
    );
    const notADate = await createCoupon({ code: 'NOT-A-DATE', type: 'fixed', value: 5, startsAt: 'soon' }).expect(400);
    expect(notADate.body.message).toBe('The start date must be a date and time');
    const uses = await createCoupon({ code: 'ZERO-USES', type: 'fixed', value: 5, maxRedemptions: 0 }).expect(400);
    expect(uses.body.message).toBe('The total number of uses must be at least 1');
    const cents = await createCoupon({ code: 'ODD-MIN', type: 'fixed', value: 5, minSubtotal: 10.005 }).expect(400);
    expect(cents.body.message).toBe('The minimum subtotal must be an amount in dollars, to the cent');
    for (const body of [backwards.body, notADate.body, uses.body, cents.body])
      expect(body.message).not.toMatch(/startsAt|endsAt|maxRedemptions|minSubtotal/);
  });
});
