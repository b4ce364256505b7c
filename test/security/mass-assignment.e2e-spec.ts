import { randomBytes } from 'node:crypto';
import { createAccount, type TestAccount, createCategory, createProduct, ADDRESS, insertProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { database, profileOf, storedUser } from './support';

/** Fields no client may set on itself or on a record it owns. */
const PRIVILEGED: [string, unknown][] = [
  ['isAdmin', true],
  ['isDistributor', true],
  ['role', 'admin'],
  ['rating', 5],
  ['numReviews', 999],
  ['status', 'published'],
  ['owner', '665f1c2e9d1e8a0012345678'],
];

describe('security: mass assignment', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let seller: TestAccount;
  let category: string;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann, seller] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack), createAccount(stack, 'distributor')]);
    category = await createCategory(stack, admin, 'Mass');
  });
  afterAll(() => stack?.stop());

  describe('register', () => {
    it.each(PRIVILEGED)('refuses %s (400) and creates no account', async (field, value) => {
      const email = `mass-${randomBytes(4).toString('hex')}@example.com`;
      const res = await stack
        .http()
        .post('/api/users')
        .send({ username: 'Mallory', email, password: 'long enough password', [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.token).toBeUndefined();
      expect(await database(stack).collection('users').countDocuments({ email })).toBe(0);
      await stack.http().post('/api/users/auth').send({ email, password: 'long enough password' }).expect(401);
    });

    it('a __proto__ / constructor payload grants nothing', async () => {
      const email = `proto-${randomBytes(4).toString('hex')}@example.com`;
      const raw = `{"username":"Proto","email":"${email}","password":"long enough password","__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}`;
      const res = await stack.http().post('/api/users').set('Content-Type', 'application/json').send(raw);
      expect([201, 400]).toContain(res.status);
      const users = await database(stack).collection('users').find({ email }).toArray();
      for (const u of users) expect(u.isAdmin).toBe(false);
      if (res.status === 201)
        await stack
          .http()
          .get('/api/users')
          .set('Authorization', `Bearer ${res.body.token as string}`)
          .expect(403);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });
  });

  describe('profile', () => {
    it.each(PRIVILEGED)('refuses %s (400) and the stored user is unchanged', async (field, value) => {
      const before = await storedUser(stack, ann.id);
      const res = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', ann.bearer)
        .send({ username: 'Ann renamed', [field]: value });
      expect(res.status).toBe(400);
      expect(await storedUser(stack, ann.id)).toEqual(before);
      expect((await profileOf(stack, ann)).isAdmin).toBe(false);
    });

    it('admins editing a user cannot set isAdmin either', async () => {
      const res = await stack.http().put(`/api/users/${ann.id}`).set('Authorization', admin.bearer).send({ isAdmin: true });
      expect(res.status).toBe(400);
      expect((await storedUser(stack, ann.id))?.isAdmin).toBe(false);
    });
  });

  describe('products', () => {
    it('a distributor creating a product cannot set rating, numReviews, owner, isAdmin, role or publish it', async () => {
      for (const [field, value] of PRIVILEGED.filter(([f]) => f !== 'status')) {
        const res = await stack
          .http()
          .post('/api/products')
          .set('Authorization', seller.bearer)
          .send({
            name: `Mass ${field}`,
            description: 'x',
            price: 10,
            brand: 'B',
            countInStock: 1,
            category,
            image: 'https://cdn.example.com/x.jpg',
            [field]: value,
          });
        expect(res.status).toBe(400);
        expect(
          await database(stack)
            .collection('products')
            .countDocuments({ name: `Mass ${field}` }),
        ).toBe(0);
      }
      const published = await createProduct(stack, seller, category, { name: 'Wants publishing', ...({ status: 'published' } as object) });
      expect(published.status).toBe('pending');
      expect(published.owner).toBe(seller.id);
      await stack.http().get(`/api/products/${published._id}`).expect(404);
    });

    it('a distributor updating its product cannot set rating, numReviews, owner or status', async () => {
      const product = await createProduct(stack, seller, category, { name: 'Owned item' });
      for (const [field, value] of PRIVILEGED) {
        const res = await stack
          .http()
          .put(`/api/products/${product._id}`)
          .set('Authorization', seller.bearer)
          .send({ [field]: value });
        if (res.status === 200) expect(res.body[field]).toEqual(product[field]);
        else expect(res.status).toBe(400);
      }
      const after = await stack.http().get(`/api/products/${product._id}`).set('Authorization', seller.bearer).expect(200);
      expect(after.body).toMatchObject({ rating: 0, numReviews: 0, owner: seller.id, status: 'pending' });
    });
  });

  describe('reviews', () => {
    it('a review body with name, user, numReviews, status, owner or isAdmin is refused and the product is unchanged', async () => {
      const product = await createProduct(stack, admin, category, { name: 'Reviewed' });
      for (const [field, value] of [
        ['name', 'Admin'],
        ['user', admin.id],
        ['numReviews', 50],
        ['status', 'hidden'],
        ['owner', ann.id],
        ['isAdmin', true],
        ['verifiedPurchase', true],
      ] as [string, unknown][]) {
        const res = await stack
          .http()
          .post(`/api/products/${product._id}/reviews`)
          .set('Authorization', ann.bearer)
          .send({ rating: 5, comment: 'Great', [field]: value });
        expect(res.status).toBe(400);
      }
      const after = await stack.http().get(`/api/products/${product._id}`).expect(200);
      expect(after.body).toMatchObject({ rating: 0, numReviews: 0, reviews: [] });
    });
  });

  describe('cart and orders', () => {
    it('price, total or a name in a cart body are refused; the line keeps the catalog price', async () => {
      const product = await insertProduct(stack, { priceCents: 4999 });
      for (const extra of [{ price: 0.01 }, { total: 0 }, { name: 'Free' }, { priceCents: 1 }]) {
        expect(
          (
            await stack
              .http()
              .post('/api/cart')
              .set('Authorization', ann.bearer)
              .send({ productId: product.id, quantity: 1, ...extra })
          ).status,
        ).toBe(400);
        expect(
          (
            await stack
              .http()
              .put('/api/cart/update')
              .set('Authorization', ann.bearer)
              .send({ productId: product.id, quantity: 1, ...extra })
          ).status,
        ).toBe(400);
      }
      const cart = await stack.http().get('/api/cart').set('Authorization', ann.bearer).expect(200);
      expect(cart.body.items.find((l: { productId: string }) => l.productId === product.id)).toBeUndefined();
      await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: product.id, quantity: 1 }).expect(201);
      const line = (await stack.http().get('/api/cart').set('Authorization', ann.bearer)).body.items.find(
        (l: { productId: string }) => l.productId === product.id,
      );
      expect(line.price).toBe(49.99);
    });

    it('total, price, items, status, isPaid or user in an order body are refused and no order is placed', async () => {
      const buyer = await createAccount(stack);
      const product = await insertProduct(stack, { priceCents: 2500 });
      await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: product.id, quantity: 2 }).expect(201);
      for (const extra of [
        { total: 0.01 },
        { totalPrice: 0 },
        { itemsPrice: 0 },
        { items: [{ product: product.id, price: 0.01, quantity: 2 }] },
        { status: 'delivered' },
        { isPaid: true },
        { user: ann.id },
        { discount: 50 },
      ]) {
        const res = await stack
          .http()
          .post('/api/orders')
          .set('Authorization', buyer.bearer)
          .send({ shippingAddress: ADDRESS, paymentMethod: 'cod', ...extra });
        expect(res.status).toBe(400);
      }
      expect((await stack.http().get('/api/orders/mine').set('Authorization', buyer.bearer).expect(200)).body).toEqual([]);
      const placed = await stack
        .http()
        .post('/api/orders')
        .set('Authorization', buyer.bearer)
        .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
        .expect(201);
      expect(placed.body.subtotal).toBe(50);
      expect(placed.body.status).toBe('pending');
      expect(placed.body.isPaid).toBe(false);
    });
  });
});
