import { createAccount, type TestAccount, createCategory, createProduct, ADDRESS, insertProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { database, profileOf } from './support';

describe('security: access control', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let sellerA: TestAccount;
  let sellerB: TestAccount;
  let category: string;
  let sellersProduct: string;
  let annOrder: string;
  let stockProduct: string;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann, bob, sellerA, sellerB] = await Promise.all([
      createAccount(stack, 'admin'),
      createAccount(stack),
      createAccount(stack),
      createAccount(stack, 'distributor'),
      createAccount(stack, 'distributor'),
    ]);
    category = await createCategory(stack, admin, 'Access');
    sellersProduct = (await createProduct(stack, sellerA, category, { name: 'Seller A jacket', price: 80 }))._id;
    stockProduct = (await insertProduct(stack, { countInStock: 50 })).id;
    // Ann has a cart line and an order
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: stockProduct, quantity: 1 }).expect(201);
    annOrder = (
      await stack.http().post('/api/orders').set('Authorization', ann.bearer).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' }).expect(201)
    ).body._id;
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: stockProduct, quantity: 2 }).expect(201);
  });
  afterAll(() => stack?.stop());

  const annCart = async () => (await stack.http().get('/api/cart').set('Authorization', ann.bearer).expect(200)).body;
  const rawJson = (method: 'put' | 'post', path: string, who: TestAccount, raw: string) =>
    stack.http()[method](path).set('Authorization', who.bearer).set('Content-Type', 'application/json').send(raw);

  describe('profiles', () => {
    it("B cannot change A's profile by _id in the body (403), A is untouched", async () => {
      const before = await profileOf(stack, ann);
      const res = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', bob.bearer)
        .send({ _id: ann.id, username: 'owned', email: 'owned@example.com' });
      expect(res.status).toBe(403);
      expect(await profileOf(stack, ann)).toEqual(before);
      expect((await profileOf(stack, bob)).username).toBe(bob.username);
    });

    it('duplicated JSON keys (_id of B then A, and A then B) never reach A', async () => {
      const before = await profileOf(stack, ann);
      const one = await rawJson('put', '/api/users/profile', bob, `{"_id":"${bob.id}","_id":"${ann.id}","username":"dup one"}`);
      expect(one.status).toBe(403);
      const two = await rawJson('put', '/api/users/profile', bob, `{"_id":"${ann.id}","_id":"${bob.id}","username":"dup two"}`);
      expect([200, 400, 403]).toContain(two.status);
      expect(await profileOf(stack, ann)).toEqual(before);
    });

    it('a customer cannot read, change or delete another user through /api/users/{id} (403)', async () => {
      const before = await profileOf(stack, ann);
      expect((await stack.http().get(`/api/users/${ann.id}`).set('Authorization', bob.bearer)).status).toBe(403);
      expect((await stack.http().put(`/api/users/${ann.id}`).set('Authorization', bob.bearer).send({ username: 'x' })).status).toBe(403);
      expect((await stack.http().delete(`/api/users/${ann.id}`).set('Authorization', bob.bearer)).status).toBe(403);
      expect(await profileOf(stack, ann)).toEqual(before);
    });
  });

  describe('carts', () => {
    it("B cannot read A's cart with ?userId=A, nor with the key repeated", async () => {
      for (const q of [`userId=${ann.id}`, `userId=${bob.id}&userId=${ann.id}`, `userId=${ann.id}&userId=${bob.id}`]) {
        const res = await stack.http().get(`/api/cart?${q}`).set('Authorization', bob.bearer);
        expect([400, 403]).toContain(res.status);
        expect(JSON.stringify(res.body)).not.toContain(stockProduct);
      }
    });

    it("B cannot add to, update or empty A's cart by userId in the body or query; A's cart is untouched", async () => {
      const before = await annCart();
      expect(
        (await stack.http().post('/api/cart').set('Authorization', bob.bearer).send({ userId: ann.id, productId: stockProduct, quantity: 5 })).status,
      ).toBe(403);
      expect(
        (await stack.http().put('/api/cart/update').set('Authorization', bob.bearer).send({ userId: ann.id, productId: stockProduct, quantity: 9 }))
          .status,
      ).toBe(403);
      expect([400, 403]).toContain((await stack.http().delete(`/api/cart?userId=${ann.id}`).set('Authorization', bob.bearer)).status);
      expect([400, 403, 404]).toContain(
        (await stack.http().delete(`/api/cart/${stockProduct}?userId=${ann.id}`).set('Authorization', bob.bearer)).status,
      );
      expect(await annCart()).toEqual(before);
    });

    it('duplicated userId keys in a raw JSON body never reach A', async () => {
      const before = await annCart();
      for (const raw of [
        `{"userId":"${bob.id}","userId":"${ann.id}","productId":"${stockProduct}","quantity":7}`,
        `{"userId":"${ann.id}","userId":"${bob.id}","productId":"${stockProduct}","quantity":7}`,
      ]) {
        const res = await rawJson('post', '/api/cart', bob, raw);
        expect([201, 400, 403]).toContain(res.status);
        if (res.status === 201) expect(res.body.userId).toBe(bob.id);
      }
      expect(await annCart()).toEqual(before);
    });
  });

  describe('orders', () => {
    it("B cannot read or cancel A's order (404), and sees only B's orders", async () => {
      expect((await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', bob.bearer)).status).toBe(404);
      expect((await stack.http().post(`/api/orders/${annOrder}/cancel`).set('Authorization', bob.bearer)).status).toBe(404);
      const mine = await stack.http().get(`/api/orders/mine?userId=${ann.id}`).set('Authorization', bob.bearer);
      expect(mine.status === 400 || (mine.status === 200 && !JSON.stringify(mine.body).includes(annOrder))).toBe(true);
      const order = await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', ann.bearer).expect(200);
      expect(order.body.status).toBe('pending');
    });

    it('a customer cannot list all orders or filter them by user, even with repeated keys (403)', async () => {
      for (const q of [`filter=${encodeURIComponent(JSON.stringify({ user: ann.id }))}`, `user=${ann.id}&user=${bob.id}`]) {
        const res = await stack.http().get(`/api/orders?${q}`).set('Authorization', bob.bearer);
        expect(res.status).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain(annOrder);
      }
    });
  });

  describe('products', () => {
    it("a distributor cannot change or delete another distributor's product, which stays as it was", async () => {
      const before = await stack.http().get(`/api/products/${sellersProduct}`).set('Authorization', sellerA.bearer).expect(200);
      const update = await stack
        .http()
        .put(`/api/products/${sellersProduct}`)
        .set('Authorization', sellerB.bearer)
        .send({ name: 'Hijacked', price: 0.01 });
      expect([403, 404]).toContain(update.status);
      const remove = await stack.http().delete(`/api/products/${sellersProduct}`).set('Authorization', sellerB.bearer);
      expect([403, 404]).toContain(remove.status);
      const after = await stack.http().get(`/api/products/${sellersProduct}`).set('Authorization', sellerA.bearer).expect(200);
      expect(after.body).toEqual(before.body);
    });

    it('a customer cannot create a product (403), a guest neither (401); nothing is stored', async () => {
      const count = await database(stack).collection('products').countDocuments();
      const body = { name: 'Sneaky', description: 'x', price: 1, brand: 'x', countInStock: 1, category, image: 'https://cdn.example.com/x.jpg' };
      expect((await stack.http().post('/api/products').set('Authorization', ann.bearer).send(body)).status).toBe(403);
      expect((await stack.http().post('/api/products').send(body)).status).toBe(401);
      expect((await stack.http().post('/api/products/add').set('Authorization', ann.bearer).send(body)).status).toBe(403);
      expect(await database(stack).collection('products').countDocuments()).toBe(count);
    });

    it('a distributor cannot approve its own product (403) and it stays pending', async () => {
      expect((await stack.http().put(`/api/products/${sellersProduct}/approve`).set('Authorization', sellerA.bearer)).status).toBe(403);
      expect((await stack.http().get(`/api/products/${sellersProduct}`).set('Authorization', sellerA.bearer)).body.status).toBe('pending');
      await stack.http().get(`/api/products/${sellersProduct}`).expect(404);
    });
  });

  describe('comments', () => {
    it("B cannot delete A's comment (403) and it is still listed", async () => {
      const blog = (
        await stack
          .http()
          .post('/api/blogs')
          .set('Authorization', admin.bearer)
          .send({ title: 'Access post', body: 'Hi', published: true })
          .expect(201)
      ).body.id;
      const comment = (await stack.http().post('/api/comments').set('Authorization', ann.bearer).send({ blog, text: 'mine' }).expect(201)).body.id;
      expect((await stack.http().delete(`/api/comments/${comment}`).set('Authorization', bob.bearer)).status).toBe(403);
      const list = await stack.http().get('/api/comments').query({ blog }).expect(200);
      expect(list.body.map((c: { id: string }) => c.id)).toContain(comment);
    });
  });

  describe('admin-only calls answer 403 to a customer and 401 to a guest', () => {
    const calls: [string, string, (ids: Record<string, string>) => string, object?][] = [
      ['GET', 'list users', () => '/api/users'],
      ['GET', 'one user', (i) => `/api/users/${i.ann}`],
      ['PUT', 'edit a user', (i) => `/api/users/${i.ann}`, { username: 'x' }],
      ['DELETE', 'delete a user', (i) => `/api/users/${i.ann}`],
      ['POST', 'create a category', () => '/api/category', { name: 'Rogue' }],
      ['PUT', 'rename a category', (i) => `/api/category/${i.category}`, { name: 'Rogue' }],
      ['DELETE', 'delete a category', (i) => `/api/category/${i.category}`],
      ['PUT', 'approve a product', (i) => `/api/products/${i.product}/approve`],
      ['PUT', 'reject a product', (i) => `/api/products/${i.product}/reject`, { note: 'no' }],
      ['POST', 'write a blog post', () => '/api/blogs', { title: 'Rogue', body: 'x', published: true }],
      ['GET', 'contact messages', () => '/api/contact'],
      ['GET', 'newsletter subscribers', () => '/api/newsletter/subscribers'],
      ['GET', 'newsletter CSV', () => '/api/newsletter/subscribers.csv'],
      ['GET', 'failed jobs', () => '/api/admin/jobs/failed'],
      ['GET', 'all orders', () => '/api/orders'],
      ['GET', 'order stats', () => '/api/orders/stats'],
      ['PUT', 'order status', (i) => `/api/orders/${i.order}/status`, { status: 'delivered' }],
      ['PUT', 'mark paid', (i) => `/api/orders/${i.order}/pay`],
      ['GET', 'list coupons', () => '/api/coupons'],
      ['POST', 'create a coupon', () => '/api/coupons', { code: 'ROGUE99', type: 'percent', value: 99 }],
    ];

    // objects, not tuples: a row without a body would otherwise receive jest's done callback
    it.each(calls.map(([method, what, path, body]) => ({ method, what, path, body })))('$method $what', async ({ method, path, body }) => {
      const ids = { ann: ann.id, category, product: sellersProduct, order: annOrder };
      const url = path(ids);
      const send = (who?: TestAccount) => {
        const req = stack.http()[method.toLowerCase() as 'get' | 'put' | 'post' | 'delete'](url);
        if (who) req.set('Authorization', who.bearer);
        return body ? req.send(body) : req;
      };
      const customer = await send(ann);
      expect(customer.status).toBe(403);
      expect(customer.body.code).toBe('ADMIN_ONLY');
      const guest = await send();
      expect(guest.status).toBe(401);
      // nothing changed: the targets read back as they were
      expect((await profileOf(stack, ann)).username).toBe(ann.username);
      expect((await stack.http().get(`/api/category/${category}`).expect(200)).body.name).toBe('Access');
      expect((await stack.http().get(`/api/products/${sellersProduct}`).set('Authorization', sellerA.bearer).expect(200)).body.status).toBe(
        'pending',
      );
      expect((await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', ann.bearer).expect(200)).body.status).toBe('pending');
      expect(await database(stack).collection('coupons').countDocuments()).toBe(0);
      expect(await database(stack).collection('blogs').countDocuments({ title: 'Rogue' })).toBe(0);
    });
  });
});
