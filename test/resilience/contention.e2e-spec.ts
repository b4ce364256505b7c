import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import { TokenService } from '../../apps/api/src/auth/token.service';
import { ADDRESS, insertProduct, readStock } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

const BUYERS = 200;
const UNITS = 20;

/** 200 buyers race for the last 20 units: exactly 20 orders, stock 0, never below. */
describe('resilience: contention for the last units', () => {
  let stack: TestStack;
  let tokens: string[];

  beforeAll(async () => {
    stack = await startTestStack();
    // Accounts straight into the database with a real session token each (200 password hashes would be slow).
    const db = stack.app.get<Connection>(getConnectionToken());
    const ids = Array.from({ length: BUYERS }, () => new Types.ObjectId());
    await db.collection('users').insertMany(
      ids.map((_id, i) => ({ _id, username: `buyer ${i}`, email: `buyer${i}@contention.test`, isAdmin: false, isDistributor: false, tokensValidAfter: new Date(0), createdAt: new Date(), updatedAt: new Date() })),
    );
    const issuer = stack.app.get(TokenService);
    tokens = await Promise.all(ids.map(async (id) => (await issuer.issue(id.toString())).token));
  });
  afterAll(() => stack?.stop());

  it(`${BUYERS} concurrent buyers for ${UNITS} units give exactly ${UNITS} orders`, async () => {
    const product = await insertProduct(stack, { name: 'Last-units parka', countInStock: UNITS });
    const added = await Promise.all(tokens.map((t) => stack.http().post('/api/cart').set('Authorization', `Bearer ${t}`).send({ productId: product.id, quantity: 1 })));
    expect(added.map((r) => r.status)).toEqual(Array(BUYERS).fill(201));

    const results = await Promise.all(tokens.map((t) => stack.http().post('/api/orders').set('Authorization', `Bearer ${t}`).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UNITS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - UNITS);
    expect(await readStock(stack, product.id)).toEqual({ countInStock: 0, quantity: 0, variants: {} });
    const db = stack.app.get<Connection>(getConnectionToken());
    expect(await db.collection('orders').countDocuments({ 'items.product': new Types.ObjectId(product.id) })).toBe(UNITS);
    // No stock hold is left behind by the refused placements.
    const stored = await db.collection('products').findOne({ _id: new Types.ObjectId(product.id) });
    expect(stored?.stockHolds ?? []).toEqual([]);
  }, 180_000);
});
