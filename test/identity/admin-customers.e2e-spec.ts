import { getConnectionToken } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount, ADDRESS, insertProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { statesOfLegacy } from '@shop/orders';

type Status = 'pending' | 'paid' | 'shipped' | 'delivered' | 'cancelled';

interface OrderSeed {
  status: Status;
  totalCents: number;
  paid: boolean;
  createdAt: Date;
  address?: typeof ADDRESS;
  /** Refunded by an admin after it was paid (refundedAt set). */
  refunded?: boolean;
}

describe('admin customers and roles: /api/customers, PUT /api/users/{id}/roles', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;

  const db = () => stack.app.get<Connection>(getConnectionToken());

  /** Stores an order for a customer as the order flow leaves it (paidAt and paidCents set when it was paid). */
  async function seedOrder(user: string, seed: OrderSeed): Promise<string> {
    const _id = new Types.ObjectId();
    await db()
      .collection('orders')
      .insertOne({
        _id,
        user: new Types.ObjectId(user),
        items: [
          { product: new Types.ObjectId(), name: 'Tee', image: '/api/images/000000000000000000000000', unitPriceCents: seed.totalCents, quantity: 2 },
        ],
        shippingAddress: seed.address ?? ADDRESS,
        paymentMethod: 'cod',
        subtotalCents: seed.totalCents,
        discountCents: 0,
        taxCents: 0,
        shippingCents: 0,
        totalCents: seed.totalCents,
        status: seed.status,
        statusHistory: [],
        idempotencyKey: `${user}:${randomBytes(6).toString('hex')}`,
        ...(seed.paid ? { paidAt: seed.createdAt } : {}),
        ...(seed.status === 'cancelled' ? { cancelledAt: seed.createdAt } : {}),
        ...(seed.refunded ? { refundedAt: seed.createdAt, refundReason: 'Arrived damaged' } : {}),
        // The three machines' states and the money, as the order flow writes them.
        ...statesOfLegacy({
          status: seed.status,
          paymentMethod: 'cod',
          ...(seed.paid ? { paidAt: seed.createdAt } : {}),
          ...(seed.refunded ? { refundedAt: seed.createdAt } : {}),
        }),
        paidCents: seed.paid ? seed.totalCents : 0,
        refundedCents: seed.refunded ? seed.totalCents : 0,
        createdAt: seed.createdAt,
        updatedAt: seed.createdAt,
      });
    return _id.toString();
  }

  const list = (query: Record<string, string>, who: TestAccount = admin) =>
    stack.http().get('/api/customers').query(query).set('Authorization', who.bearer);
  const roles = (id: string, body: Record<string, unknown>, who: TestAccount = admin) =>
    stack.http().put(`/api/users/${id}/roles`).set('Authorization', who.bearer).send(body);

  beforeAll(async () => {
    stack = await startTestStack();
    admin = await createAccount(stack, 'admin', { username: 'Root Admin' });
    ann = await createAccount(stack, 'customer', { username: 'Ann Buyer', email: 'ann.buyer@example.com' });
    bob = await createAccount(stack, 'customer', { username: 'Bob Browser', email: 'bob.browser@example.com' });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  describe('GET /api/customers', () => {
    let annOrders: string[];
    beforeAll(async () => {
      const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
      annOrders = [
        await seedOrder(ann.id, { status: 'delivered', totalCents: 5000, paid: true, createdAt: day(1) }),
        await seedOrder(ann.id, { status: 'paid', totalCents: 2550, paid: true, createdAt: day(2), address: { ...ADDRESS, city: 'Shelbyville' } }),
        // Pending cash on delivery: not paid, not revenue.
        await seedOrder(ann.id, { status: 'pending', totalCents: 9999, paid: false, createdAt: day(3) }),
        // Paid, then cancelled: not revenue either.
        await seedOrder(ann.id, { status: 'cancelled', totalCents: 7000, paid: true, createdAt: day(4) }),
      ];
      await stack.http().post('/api/newsletter/subscribe').send({ email: ann.email }).expect(201);
    });

    it('answers each user with orders count, paid-only total, last order and newsletter flag', async () => {
      const res = await list({ filter: JSON.stringify({ q: 'buyer' }) }).expect(200);
      expect(res.headers['x-total-count']).toBe('1');
      expect(res.body).toEqual([
        expect.objectContaining({
          id: ann.id,
          _id: ann.id,
          username: 'Ann Buyer',
          email: ann.email,
          isAdmin: false,
          isDistributor: false,
          ordersCount: 4,
          totalSpent: 75.5,
          lastOrderAt: new Date(Date.UTC(2026, 0, 4, 12)).toISOString(),
          newsletter: true,
        }),
      ]);
      const bobRow = (await list({ filter: JSON.stringify({ q: 'bob.browser' }) }).expect(200)).body;
      expect(bobRow).toEqual([expect.objectContaining({ id: bob.id, ordersCount: 0, totalSpent: 0, lastOrderAt: null, newsletter: false })]);
    });

    it('sorts by orders count, total spent and last order, both ways, customers without orders as 0 (ties by id)', async () => {
      const cara = await createAccount(stack, 'customer', { username: 'Cara Sorter', email: 'cara.sorter@example.com' });
      await seedOrder(cara.id, { status: 'paid', totalCents: 12000, paid: true, createdAt: new Date(Date.UTC(2026, 0, 2, 12)) });
      const filter = JSON.stringify({ id: [ann.id, bob.id, cara.id] });
      const order = async (sort: string) => {
        const res = await list({ filter, sort }).expect(200);
        expect(res.headers['x-total-count']).toBe('3');
        return (res.body as { id: string }[]).map((c) => c.id);
      };
      // ann: 4 orders, $75.50 paid, last 4 Jan; cara: 1 order, $120 paid, last 2 Jan; bob: none.
      expect(await order('["ordersCount","DESC"]')).toEqual([ann.id, cara.id, bob.id]);
      expect(await order('ordersCount')).toEqual([bob.id, cara.id, ann.id]);
      expect(await order('-totalSpent')).toEqual([cara.id, ann.id, bob.id]);
      expect(await order('["totalSpent","ASC"]')).toEqual([bob.id, ann.id, cara.id]);
      expect(await order('-lastOrderAt')).toEqual([ann.id, cara.id, bob.id]);
      expect(await order('lastOrderAt')).toEqual([bob.id, cara.id, ann.id]);
      // Pages of the sorted list, with the figures of the rows.
      const second = await list({ filter, sort: '["totalSpent","DESC"]', range: '[1,2]' }).expect(200);
      expect(second.headers['content-range']).toBe('customers 1-2/3');
      expect(second.body).toEqual([
        expect.objectContaining({ id: ann.id, totalSpent: 75.5, ordersCount: 4 }),
        expect.objectContaining({ id: bob.id, totalSpent: 0, ordersCount: 0 }),
      ]);
      // With a filter: only customers who ordered.
      const buyers = await list({ filter: JSON.stringify({ id: [ann.id, bob.id, cara.id], hasOrders: true }), sort: '-ordersCount' }).expect(200);
      expect((buyers.body as { id: string }[]).map((c) => c.id)).toEqual([ann.id, cara.id]);
      await db()
        .collection('orders')
        .deleteMany({ user: new Types.ObjectId(cara.id) });
      await db()
        .collection('users')
        .deleteOne({ _id: new Types.ObjectId(cara.id) });
    });

    it('searches by name or e-mail, case-insensitively and literally', async () => {
      expect((await list({ filter: JSON.stringify({ q: 'ANN BUY' }) }).expect(200)).body.map((c: { id: string }) => c.id)).toEqual([ann.id]);
      expect((await list({ filter: JSON.stringify({ q: 'ann.buyer@' }) }).expect(200)).body.map((c: { id: string }) => c.id)).toEqual([ann.id]);
      expect((await list({ filter: JSON.stringify({ q: 'a.n' }) }).expect(200)).body).toEqual([]);
    });

    it('filters by orders, newsletter and role', async () => {
      const ids = (res: { body: { id: string }[] }) => res.body.map((c) => c.id).sort();
      expect(ids(await list({ filter: JSON.stringify({ hasOrders: true }) }).expect(200))).toEqual([ann.id]);
      const without = ids(await list({ filter: JSON.stringify({ hasOrders: false }) }).expect(200));
      expect(without).toEqual(expect.arrayContaining([bob.id, admin.id]));
      expect(without).not.toContain(ann.id);
      expect(ids(await list({ filter: JSON.stringify({ newsletter: true }) }).expect(200))).toEqual([ann.id]);
      expect(ids(await list({ filter: JSON.stringify({ newsletter: false }) }).expect(200))).not.toContain(ann.id);
      expect(ids(await list({ filter: JSON.stringify({ role: 'admin' }) }).expect(200))).toEqual([admin.id]);
      const customers = ids(await list({ filter: JSON.stringify({ role: 'customer', hasOrders: true }) }).expect(200));
      expect(customers).toEqual([ann.id]);
    });

    it('answers one customer with their orders, distinct addresses and reviews', async () => {
      const product = await insertProduct(stack, { name: 'Linen Shirt' });
      await stack
        .http()
        .post(`/api/products/${product.id}/reviews`)
        .set('Authorization', ann.bearer)
        .send({ rating: 4, comment: 'Fits well' })
        .expect(201);
      const res = await stack.http().get(`/api/customers/${ann.id}`).set('Authorization', admin.bearer).expect(200);
      expect(res.body).toEqual(expect.objectContaining({ id: ann.id, ordersCount: 4, totalSpent: 75.5, newsletter: true }));
      expect(res.body.orders.map((o: { id: string }) => o.id)).toEqual([...annOrders].reverse());
      expect(res.body.orders[0]).toEqual(
        expect.objectContaining({ status: 'cancelled', total: 70, itemsCount: 2, isPaid: true, paymentMethod: 'cod' }),
      );
      expect(res.body.orders[1]).toEqual(expect.objectContaining({ status: 'pending', total: 99.99, isPaid: false }));
      expect(res.body.addresses).toEqual([
        expect.objectContaining({ ...ADDRESS, ordersCount: 3 }),
        expect.objectContaining({ ...ADDRESS, city: 'Shelbyville', ordersCount: 1 }),
      ]);
      expect(res.body.reviews).toEqual([
        expect.objectContaining({ product: product.id, productName: 'Linen Shirt', rating: 4, comment: 'Fits well' }),
      ]);

      const bobPage = await stack.http().get(`/api/customers/${bob.id}`).set('Authorization', admin.bearer).expect(200);
      expect(bobPage.body).toEqual(expect.objectContaining({ id: bob.id, orders: [], addresses: [], reviews: [], ordersCount: 0 }));
    });

    it('pages past 100 customers with X-Total-Count and Content-Range', async () => {
      const tag = randomBytes(3).toString('hex');
      const now = Date.now();
      await db()
        .collection('users')
        .insertMany(
          Array.from({ length: 130 }, (_, i) => ({
            username: `Bulk ${tag} ${String(i).padStart(3, '0')}`,
            email: `bulk-${tag}-${i}@example.com`,
            isAdmin: false,
            isDistributor: false,
            favorites: [],
            tokensValidAfter: new Date(0),
            createdAt: new Date(now - i * 1000),
            updatedAt: new Date(now - i * 1000),
          })),
        );
      const filter = JSON.stringify({ q: `bulk ${tag}` });
      const first = await list({ filter, sort: '["username","ASC"]', range: '[0,99]' }).expect(200);
      expect(first.body).toHaveLength(100);
      expect(first.headers['x-total-count']).toBe('130');
      expect(first.headers['content-range']).toBe('customers 0-99/130');
      const second = await list({ filter, sort: '["username","ASC"]', range: '[100,199]' }).expect(200);
      expect(second.body).toHaveLength(30);
      expect(second.headers['content-range']).toBe('customers 100-129/130');
      expect(second.body[29].username).toBe(`Bulk ${tag} 129`);
      const all = new Set([...first.body, ...second.body].map((c: { id: string }) => c.id));
      expect(all.size).toBe(130);
      const paged = await list({ filter, page: '3', perPage: '50' }).expect(200);
      expect(paged.body).toHaveLength(30);
    });

    it('refuses a bad query with 400, strangers with 401, non-admins with 403, unknown ids with 404', async () => {
      expect((await list({ filter: JSON.stringify({ role: 'owner' }) }).expect(400)).body.code).toBe('INVALID_QUERY');
      expect((await list({ filter: JSON.stringify({ hasOrders: 'yes' }) }).expect(400)).body.code).toBe('INVALID_QUERY');
      expect((await list({ sort: '["newsletter","DESC"]' }).expect(400)).body.message).toBe('cannot sort by newsletter');
      expect((await stack.http().get('/api/customers').expect(401)).body.code).toBe('NOT_AUTHENTICATED');
      expect((await list({}, ann).expect(403)).body.code).toBe('ADMIN_ONLY');
      expect((await stack.http().get(`/api/customers/${ann.id}`).set('Authorization', bob.bearer).expect(403)).body.code).toBe('ADMIN_ONLY');
      expect(
        (await stack.http().get(`/api/customers/${new Types.ObjectId().toString()}`).set('Authorization', admin.bearer).expect(404)).body.code,
      ).toBe('USER_NOT_FOUND');
      expect((await stack.http().get('/api/customers/not-an-id').set('Authorization', admin.bearer).expect(404)).body.code).toBe('USER_NOT_FOUND');
    });
  });

  describe('PUT /api/users/{id}/roles', () => {
    it('grants and revokes the distributor and admin roles, and the new role takes effect at once', async () => {
      const carl = await createAccount(stack, 'customer');
      const granted = await roles(carl.id, { isDistributor: true }).expect(200);
      expect(granted.body).toEqual(expect.objectContaining({ id: carl.id, isDistributor: true, isAdmin: false }));
      expect((await stack.http().get(`/api/users/${carl.id}`).set('Authorization', admin.bearer).expect(200)).body.isDistributor).toBe(true);

      await stack.http().get('/api/customers').set('Authorization', carl.bearer).expect(403);
      expect((await roles(carl.id, { isAdmin: true }).expect(200)).body).toEqual(expect.objectContaining({ isAdmin: true, isDistributor: true }));
      await stack.http().get('/api/customers').set('Authorization', carl.bearer).expect(200);

      const revoked = await roles(carl.id, { isAdmin: false, isDistributor: false }).expect(200);
      expect(revoked.body).toEqual(expect.objectContaining({ isAdmin: false, isDistributor: false }));
      await stack.http().get('/api/customers').set('Authorization', carl.bearer).expect(403);
    });

    it('never demotes the last admin (409 LAST_ADMIN), but lets an admin demote themselves while another remains', async () => {
      const admins = (
        await stack
          .http()
          .get('/api/users')
          .query({ filter: JSON.stringify({ isAdmin: true }) })
          .set('Authorization', admin.bearer)
          .expect(200)
      ).body as { id: string }[];
      expect(admins.map((a) => a.id)).toEqual([admin.id]);

      const refused = await roles(admin.id, { isAdmin: false }).expect(409);
      expect(refused.body).toEqual(
        expect.objectContaining({ code: 'LAST_ADMIN', message: 'The last admin cannot be demoted: make another user admin first' }),
      );
      expect((await stack.http().get(`/api/users/${admin.id}`).set('Authorization', admin.bearer).expect(200)).body.isAdmin).toBe(true);
      // Granting another role to the last admin is fine.
      expect((await roles(admin.id, { isAdmin: true, isDistributor: true }).expect(200)).body).toEqual(
        expect.objectContaining({ isAdmin: true, isDistributor: true }),
      );
      await roles(admin.id, { isDistributor: false }).expect(200);

      const dana = await createAccount(stack, 'customer');
      await roles(dana.id, { isAdmin: true }).expect(200);
      const danaSession = await stack.http().post('/api/users/auth').send({ email: dana.email, password: dana.password }).expect(200);
      const danaBearer = `Bearer ${danaSession.body.token}`;
      // Dana demotes herself: allowed, another admin remains.
      const self = await stack.http().put(`/api/users/${dana.id}/roles`).set('Authorization', danaBearer).send({ isAdmin: false }).expect(200);
      expect(self.body.isAdmin).toBe(false);
      await stack.http().get('/api/customers').set('Authorization', danaBearer).expect(403);
      // The root admin is the last one again.
      expect((await roles(admin.id, { isAdmin: false }).expect(409)).body.code).toBe('LAST_ADMIN');
    });

    it('refuses an empty or malformed body with 400, strangers with 401, non-admins with 403, unknown ids with 404', async () => {
      expect((await roles(bob.id, {}).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await roles(bob.id, { isAdmin: 'yes' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await roles(bob.id, { isAdmin: true, role: 'admin' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await stack.http().put(`/api/users/${bob.id}/roles`).send({ isAdmin: true }).expect(401)).body.code).toBe('NOT_AUTHENTICATED');
      expect((await roles(ann.id, { isAdmin: true }, bob).expect(403)).body.code).toBe('ADMIN_ONLY');
      expect((await roles(bob.id, { isAdmin: true }, bob).expect(403)).body.code).toBe('ADMIN_ONLY');
      expect((await roles(new Types.ObjectId().toString(), { isDistributor: true }).expect(404)).body.code).toBe('USER_NOT_FOUND');
      expect((await stack.http().get(`/api/users/${bob.id}`).set('Authorization', admin.bearer).expect(200)).body).toEqual(
        expect.objectContaining({ isAdmin: false, isDistributor: false }),
      );
    });
  });

  // Last: it adds a customer with orders, which the filter expectations above do not count.
  describe('refunds', () => {
    it('leaves a refunded order out of the total spent, as the dashboard does', async () => {
      const rae = await createAccount(stack, 'customer', { username: 'Rae Refunded' });
      const day = (n: number) => new Date(Date.UTC(2026, 1, n, 12));
      await seedOrder(rae.id, { status: 'delivered', totalCents: 3000, paid: true, createdAt: day(1) });
      await seedOrder(rae.id, { status: 'shipped', totalCents: 4000, paid: true, refunded: true, createdAt: day(2) });
      const res = await stack.http().get(`/api/customers/${rae.id}`).set('Authorization', admin.bearer).expect(200);
      expect(res.body).toEqual(expect.objectContaining({ ordersCount: 2, totalSpent: 30 }));
    });
  });
});
