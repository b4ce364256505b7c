import { Types } from 'mongoose';
import { createAccount, type TestAccount, createCategory, createProduct, ADDRESS, insertProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { database, expectNoLeak, storedUser } from './support';

const OPERATOR_PATHS = [encodeURIComponent('{"$ne":null}'), encodeURIComponent('{"$gt":""}'), '%24ne', '[$ne]'];

describe('security: injection', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let seller: TestAccount;
  let category: string;
  let productId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann, seller] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack), createAccount(stack, 'distributor')]);
    category = await createCategory(stack, admin, 'Injection');
    productId = (await createProduct(stack, admin, category, { name: 'Tee (classic' }))._id;
    await createProduct(stack, admin, category, { name: 'Plain wool scarf' });
    await stack.http().post(`/api/products/${productId}/reviews`).set('Authorization', ann.bearer).send({ rating: 4, comment: 'Nice' }).expect(201);
  });
  afterAll(() => stack?.stop());

  const tokensOf = (userId: string) =>
    database(stack)
      .collection('user_tokens')
      .find({ userId: new Types.ObjectId(userId) })
      .toArray();

  describe('login', () => {
    it('operator objects in the e-mail answer 400, sign nobody in, and the real password still works', async () => {
      for (const email of [{ $ne: null }, { $gt: '' }, { $regex: '.*' }, [ann.email]]) {
        const res = await stack.http().post('/api/users/auth').send({ email, password: ann.password });
        expect(res.status).toBe(400);
        expect(res.body.token).toBeUndefined();
        expect(res.headers['set-cookie']).toBeUndefined();
        expectNoLeak(res);
      }
      await stack.http().post('/api/users/auth').send({ email: ann.email, password: ann.password }).expect(200);
    });

    it('operator objects in the password answer 400 and sign nobody in', async () => {
      for (const password of [{ $ne: null }, { $gt: '' }, { $exists: true }, ['x']]) {
        const res = await stack.http().post('/api/users/auth').send({ email: admin.email, password });
        expect(res.status).toBe(400);
        expect(res.body.token).toBeUndefined();
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      await stack.http().post('/api/users/auth').send({ email: admin.email, password: admin.password }).expect(200);
    });

    it('a form-encoded login with bracket keys (email[$ne]=) is not turned into an operator', async () => {
      const res = await stack.http().post('/api/users/auth').type('form').send('email[$ne]=x&password[$ne]=x');
      expect(res.status).toBe(400);
      expect(res.body.token).toBeUndefined();
    });
  });

  describe('one-time tokens', () => {
    it('operator objects as the reset token answer 400; the pending reset stays unused and the password unchanged', async () => {
      const user = await createAccount(stack);
      await stack.http().post('/api/users/forgot-password').send({ email: user.email }).expect(200);
      const before = await tokensOf(user.id);
      expect(before).toHaveLength(1);
      const hashBefore = (await storedUser(stack, user.id))?.password;
      for (const token of OPERATOR_PATHS) {
        const res = await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'attacker chosen pw' });
        expect(res.status).toBe(400);
        expectNoLeak(res);
      }
      const body = await stack
        .http()
        .post(`/api/users/reset-password/x`)
        .send({ password: 'attacker chosen pw', token: { $ne: null } });
      expect(body.status).toBe(400);
      expect(await tokensOf(user.id)).toEqual(before);
      expect((await storedUser(stack, user.id))?.password).toBe(hashBefore);
      await stack.http().post('/api/users/auth').send({ email: user.email, password: user.password }).expect(200);
    });

    it('operator objects as the deletion token answer 400 and the account stays', async () => {
      const user = await createAccount(stack);
      await stack.http().post('/api/users/request-deletion').set('Authorization', user.bearer).expect(202);
      for (const token of OPERATOR_PATHS) {
        const res = await stack.http().post(`/api/users/confirm-deletion/${token}`);
        expect(res.status).toBe(400);
        expectNoLeak(res);
      }
      expect(await storedUser(stack, user.id)).not.toBeNull();
      await stack.http().get('/api/users/profile').set('Authorization', user.bearer).expect(200);
    });

    it('forgot-password with an operator e-mail answers 400 and issues no token', async () => {
      const count = await database(stack).collection('user_tokens').countDocuments();
      for (const email of [{ $ne: null }, { $regex: '.*' }]) {
        await stack.http().post('/api/users/forgot-password').send({ email }).expect(400);
      }
      expect(await database(stack).collection('user_tokens').countDocuments()).toBe(count);
    });
  });

  describe('ids', () => {
    it('operator strings as a review id answer 400/404 and the review stays', async () => {
      for (const reviewId of OPERATOR_PATHS) {
        const res = await stack.http().delete(`/api/products/${productId}/reviews/${reviewId}`).set('Authorization', admin.bearer);
        expect([400, 404]).toContain(res.status);
        expectNoLeak(res);
      }
      const product = await stack.http().get(`/api/products/${productId}`).expect(200);
      expect(product.body.numReviews).toBe(1);
      expect(product.body.reviews).toHaveLength(1);
    });

    it('operator strings as a product id answer 404 for reads, reviews, updates and deletes, and nothing changes', async () => {
      const before = await stack.http().get(`/api/products/${productId}`).expect(200);
      for (const id of OPERATOR_PATHS) {
        expect((await stack.http().get(`/api/products/${id}`)).status).toBe(404);
        expect([400, 404]).toContain(
          (await stack.http().post(`/api/products/${id}/reviews`).set('Authorization', seller.bearer).send({ rating: 1, comment: 'x' })).status,
        );
        expect([400, 404]).toContain(
          (await stack.http().put(`/api/products/${id}`).set('Authorization', admin.bearer).send({ name: 'Renamed' })).status,
        );
        expect([400, 404]).toContain((await stack.http().delete(`/api/products/${id}`).set('Authorization', admin.bearer)).status);
      }
      const after = await stack.http().get(`/api/products/${productId}`).expect(200);
      expect(after.body).toEqual(before.body);
      expect(
        await database(stack)
          .collection('products')
          .countDocuments({ _id: { $exists: true } }),
      ).toBeGreaterThanOrEqual(2);
      expect(await database(stack).collection('products').countDocuments({ name: 'Renamed' })).toBe(0);
    });

    it('operator objects as cart and order ids answer 400/404; the cart and the order stay as they were', async () => {
      const buyer = await createAccount(stack);
      const stock = await insertProduct(stack, { countInStock: 20 });
      await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: stock.id, quantity: 1 }).expect(201);
      const order = (
        await stack.http().post('/api/orders').set('Authorization', buyer.bearer).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' }).expect(201)
      ).body;
      await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: stock.id, quantity: 2 }).expect(201);
      const cartBefore = (await stack.http().get('/api/cart').set('Authorization', buyer.bearer).expect(200)).body;
      for (const productIdValue of [{ $ne: null }, { $gt: '' }, [stock.id]]) {
        expect(
          (await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: productIdValue, quantity: 1 })).status,
        ).toBe(400);
        expect(
          (await stack.http().put('/api/cart/update').set('Authorization', buyer.bearer).send({ productId: productIdValue, quantity: 5 })).status,
        ).toBe(400);
        expect(
          (await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: stock.id, userId: productIdValue })).status,
        ).toBe(400);
      }
      for (const id of OPERATOR_PATHS) {
        expect([400, 404]).toContain((await stack.http().delete(`/api/cart/${id}`).set('Authorization', buyer.bearer)).status);
        expect([400, 404]).toContain((await stack.http().get(`/api/orders/${id}`).set('Authorization', buyer.bearer)).status);
        expect([400, 404]).toContain((await stack.http().post(`/api/orders/${id}/cancel`).set('Authorization', buyer.bearer)).status);
        expect([400, 404]).toContain(
          (await stack.http().put(`/api/orders/${id}/status`).set('Authorization', admin.bearer).send({ status: 'delivered' })).status,
        );
      }
      expect(
        (
          await stack
            .http()
            .get(`/api/cart?userId=${encodeURIComponent('{"$ne":null}')}`)
            .set('Authorization', buyer.bearer)
        ).status,
      ).toBe(400);
      const coupon = await stack
        .http()
        .post('/api/coupons/validate')
        .set('Authorization', buyer.bearer)
        .send({ code: { $ne: null } });
      expect(coupon.status).toBe(400);
      expect((await stack.http().get('/api/cart').set('Authorization', buyer.bearer)).body).toEqual(cartBefore);
      const after = (
        await stack
          .http()
          .get(`/api/orders/${order._id as string}`)
          .set('Authorization', buyer.bearer)
          .expect(200)
      ).body;
      expect(after.status).toBe('pending');
      expect(after.statusHistory).toEqual(order.statusHistory);
    });

    it('operator objects in the orders list filter answer 400', async () => {
      for (const filter of ['{"user":{"$ne":null}}', '{"status":{"$in":["pending","paid"]}}', '{"totalCents":{"$gt":0}}']) {
        const res = await stack.http().get('/api/orders').query({ filter }).set('Authorization', admin.bearer);
        expect(res.status).toBe(400);
        expectNoLeak(res);
      }
    });

    it('operator objects as a favourite product id answer 400 and add nothing', async () => {
      await stack
        .http()
        .post('/api/users/favorites')
        .set('Authorization', ann.bearer)
        .send({ productId: { $ne: null } })
        .expect(400);
      const list = await stack.http().get('/api/users/favorites').set('Authorization', ann.bearer).expect(200);
      expect(list.body).toEqual([]);
    });
  });

  describe('list filter, sort and range', () => {
    it('operator objects in filter answer 400 (products and users)', async () => {
      const attacks: [string, string][] = [
        ['/api/products', '{"price":{"$gt":0}}'],
        ['/api/products', '{"q":{"$regex":".*"}}'],
        ['/api/products', '{"status":{"$ne":"published"}}'],
        ['/api/products', '{"$where":"sleep(1000)"}'],
        ['/api/users', '{"isAdmin":{"$ne":false}}'],
        ['/api/users', '{"password":{"$exists":true}}'],
        ['/api/users', '{"$or":[{"isAdmin":true}]}'],
      ];
      for (const [path, filter] of attacks) {
        const res = await stack.http().get(path).query({ filter }).set('Authorization', admin.bearer);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('INVALID_QUERY');
        expectNoLeak(res);
      }
    });

    it('sort on secret fields or with operators answers 400', async () => {
      for (const sort of ['["password","ASC"]', '{"$natural":1}', '["__proto__","ASC"]', '["email",{"$gt":1}]', '["tokensValidAfter","DESC"]']) {
        const res = await stack.http().get('/api/users').query({ sort }).set('Authorization', admin.bearer);
        expect(res.status).toBe(400);
        expectNoLeak(res);
      }
    });

    it('range with operators, negatives or repeats answers 400', async () => {
      for (const q of [
        'range=%5B0%2C%7B%22%24gt%22%3A0%7D%5D',
        'range=%5B-5%2C2%5D',
        'range=%7B%22%24gt%22%3A0%7D',
        'range=%5B0%2C1%5D&range=%5B0%2C99%5D',
        'page[$gt]=0&page=1&page=2',
      ]) {
        const res = await stack.http().get(`/api/products?${q}`);
        expect(res.status).toBe(400);
        expectNoLeak(res);
      }
    });

    it('a guest cannot reach unpublished products through filter or operator-shaped query keys', async () => {
      const hidden = await createProduct(stack, seller, category, { name: 'Unpublished seller item' });
      expect(hidden.status).not.toBe('published');
      const byFilter = await stack.http().get('/api/products').query({ filter: '{"status":"pending"}' });
      expect(byFilter.status === 400 || !JSON.stringify(byFilter.body).includes(hidden._id)).toBe(true);
      for (const q of ['status[$ne]=published', 'status=pending', 'search[$regex]=.*']) {
        const res = await stack.http().get(`/api/products?${q}`);
        expect(res.status).toBeLessThan(500);
        expect(JSON.stringify(res.body)).not.toContain(hidden._id);
      }
      await stack.http().get(`/api/products/${hidden._id}`).expect(404);
    });

    it('filtered-products refuses operator objects in checked and radio', async () => {
      for (const body of [{ checked: [{ $ne: null }] }, { radio: [{ $gt: 0 }, 100] }, { checked: { $ne: null } }]) {
        const res = await stack.http().post('/api/products/filtered-products').send(body);
        expect(res.status).toBe(400);
      }
    });
  });

  describe('search', () => {
    it('regular-expression syntax in search is punctuation, never a pattern', async () => {
      const names = (body: Array<{ name: string }>) => body.map((p) => p.name).sort();
      const get = async (search?: string) =>
        names(
          (
            await stack
              .http()
              .get('/api/products')
              .query(search === undefined ? {} : { search })
              .expect(200)
          ).body,
        );
      // No words: the same answer as no search at all.
      expect(await get('.*')).toEqual(await get());
      expect(await get('(classic')).toEqual(['Tee (classic']);
      expect(await get('^Plain')).toEqual(await get('Plain'));
      // As a pattern, T.e would match "Tee"; as words it matches nothing.
      expect(await get('T.e')).toEqual([]);
    });

    it('a catastrophic pattern answers quickly (bounded length, no backtracking)', async () => {
      const evil = `(${'a+'.repeat(10)})+$` + 'a'.repeat(5000) + '!';
      const started = Date.now();
      const res = await stack.http().get('/api/products').query({ search: evil });
      expect(res.status).toBeLessThan(500);
      expect(Date.now() - started).toBeLessThan(3000);
      const blogs = await stack
        .http()
        .get('/api/blogs')
        .query({ filter: JSON.stringify({ q: '(a+)+$'.repeat(30) }) });
      expect(blogs.status).toBeLessThan(500);
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('repeated search keys answer 400 instead of reaching the query as an array', async () => {
      const res = await stack.http().get('/api/products?search=tee&search=scarf');
      expect(res.status).toBe(400);
      expectNoLeak(res);
    });
  });

  describe('other bodies', () => {
    it('newsletter and contact refuse operator objects and store nothing', async () => {
      const subscribers = await database(stack).collection('newsletter_subscribers').countDocuments();
      const messages = await database(stack).collection('contact_messages').countDocuments();
      await stack
        .http()
        .post('/api/newsletter/subscribe')
        .send({ email: { $ne: null } })
        .expect(400);
      const contact = await stack
        .http()
        .post('/api/contact')
        .send({ name: { $gt: '' }, email: 'a@example.com', subject: 'Hi', message: 'Hello there, a message.' });
      expect(contact.status).toBe(400);
      expect(await database(stack).collection('newsletter_subscribers').countDocuments()).toBe(subscribers);
      expect(await database(stack).collection('contact_messages').countDocuments()).toBe(messages);
    });
  });
});
