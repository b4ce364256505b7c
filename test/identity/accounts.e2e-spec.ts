import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { ADDRESS, createAccount, insertProduct, type TestAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('identity: profile, admin user management, distributors, favourites', () => {
  let stack: TestStack;
  let db: Connection;
  let admin: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    db = stack.app.get<Connection>(getConnectionToken());
    admin = await createAccount(stack, 'admin');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe('PUT /api/users/profile', () => {
    it('changes the username without a password and answers the user info with a fresh token', async () => {
      const account = await createAccount(stack);
      const res = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', account.bearer)
        .send({ _id: account.id, username: 'New Name' })
        .expect(200);
      expect(res.body).toEqual(
        expect.objectContaining({
          _id: account.id,
          username: 'New Name',
          email: account.email,
          token: expect.any(String),
          expiresAt: expect.any(String),
        }),
      );
      expect(String(res.headers['set-cookie'])).toMatch(/jwt=/);
      await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(200);
      const me = await stack.http().get('/api/users/profile').set('Authorization', `Bearer ${res.body.token}`).expect(200);
      expect(me.body.username).toBe('New Name');
    });

    it('needs currentPassword to change the e-mail or the password, and refuses a wrong one', async () => {
      const account = await createAccount(stack);
      const missing = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', account.bearer)
        .send({ email: 'changed@example.com' })
        .expect(400);
      expect(missing.body.errors.currentPassword).toBeDefined();
      await stack.http().put('/api/users/profile').set('Authorization', account.bearer).send({ password: 'a new password' }).expect(400);
      await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', account.bearer)
        .send({ password: 'a new password', currentPassword: 'wrong one' })
        .expect(400);
      const newEmail = `changed-${account.id}@example.com`;
      const ok = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', account.bearer)
        .send({ email: newEmail.toUpperCase(), currentPassword: account.password })
        .expect(200);
      expect(ok.body.email).toBe(newEmail);
    });

    it('a new password voids every earlier token; the answered token works', async () => {
      const account = await createAccount(stack);
      const res = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', account.bearer)
        .send({ password: 'a new password', currentPassword: account.password, username: '' })
        .expect(400);
      expect(res.body.message).toBe('Username cannot be empty');
      const changed = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', account.bearer)
        .send({ password: 'a new password', currentPassword: account.password })
        .expect(200);
      await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(401);
      await stack.http().get('/api/users/profile').set('Authorization', `Bearer ${changed.body.token}`).expect(200);
      await stack.http().post('/api/users/auth').send({ email: account.email, password: 'a new password' }).expect(200);
    });

    it('treats an empty password as unchanged', async () => {
      const account = await createAccount(stack);
      await stack.http().put('/api/users/profile').set('Authorization', account.bearer).send({ username: 'Same', password: '' }).expect(200);
      await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(200);
    });

    it('answers 409 for a taken e-mail, 403 for another _id, 400 for isAdmin, 401 for a guest', async () => {
      const account = await createAccount(stack);
      await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', account.bearer)
        .send({ email: admin.email, currentPassword: account.password })
        .expect(409);
      await stack.http().put('/api/users/profile').set('Authorization', account.bearer).send({ _id: admin.id, username: 'x' }).expect(403);
      await stack.http().put('/api/users/profile').set('Authorization', account.bearer).send({ isAdmin: true }).expect(400);
      expect((await db.collection('users').findOne({ _id: new Types.ObjectId(account.id) }))?.isAdmin).toBe(false);
      await stack.http().put('/api/users/profile').send({ username: 'x' }).expect(401);
    });
  });

  describe('admin: /api/users', () => {
    it('lists users with X-Total-Count and Content-Range, filters by q and isAdmin, and pages', async () => {
      const ann = await createAccount(stack, 'customer', { username: 'Annabel Findme' });
      const all = await stack.http().get('/api/users').set('Authorization', admin.bearer).expect(200);
      expect(Array.isArray(all.body)).toBe(true);
      expect(Number(all.headers['x-total-count'])).toBe(await db.collection('users').countDocuments());
      expect(all.headers['content-range']).toMatch(/^users 0-\d+\/\d+$/);
      expect(all.body[0]._id).toBe(all.body[0].id);
      expect(all.body[0].passwordHash).toBeUndefined();

      const found = await stack
        .http()
        .get('/api/users')
        .query({ filter: JSON.stringify({ q: 'findme' }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(found.body.map((u: { _id: string }) => u._id)).toEqual([ann.id]);
      const admins = await stack
        .http()
        .get('/api/users')
        .query({ filter: JSON.stringify({ isAdmin: true }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(admins.body.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
      expect(admins.body.length).toBeGreaterThan(0);
      const page = await stack
        .http()
        .get('/api/users')
        .query({ range: '[0,1]', sort: '["email","ASC"]' })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(page.body).toHaveLength(2);
      expect(page.headers['content-range']).toMatch(/^users 0-1\//);
      await stack
        .http()
        .get('/api/users')
        .query({ filter: JSON.stringify({ email: { $ne: null } }) })
        .set('Authorization', admin.bearer)
        .expect(400);
      await stack
        .http()
        .get('/api/users')
        .query({ filter: JSON.stringify({ q: '.*(' }) })
        .set('Authorization', admin.bearer)
        .expect(200);
    });

    it('answers 400 VALIDATION_FAILED to an unknown query parameter, and INVALID_QUERY to a bad list value', async () => {
      const unknown = await stack.http().get('/api/users').query({ isAdmin: 'true' }).set('Authorization', admin.bearer).expect(400);
      expect(unknown.body.code).toBe('VALIDATION_FAILED');
      expect(unknown.body.errors).toEqual({ isAdmin: expect.any(String) });
      const badPage = await stack.http().get('/api/users').query({ perPage: '1000' }).set('Authorization', admin.bearer).expect(400);
      expect(badPage.body.code).toBe('INVALID_QUERY');
      const paged = await stack.http().get('/api/users').query({ page: '1', perPage: '1' }).set('Authorization', admin.bearer).expect(200);
      expect(paged.body).toHaveLength(1);
    });

    it('is for admins only: 403 for customers and distributors, 401 for guests', async () => {
      const customer = await createAccount(stack);
      const distributor = await createAccount(stack, 'distributor');
      for (const who of [customer, distributor]) {
        await stack.http().get('/api/users').set('Authorization', who.bearer).expect(403);
        await stack.http().get(`/api/users/${admin.id}`).set('Authorization', who.bearer).expect(403);
        await stack.http().put(`/api/users/${admin.id}`).set('Authorization', who.bearer).send({ username: 'x' }).expect(403);
        await stack.http().delete(`/api/users/${customer.id}`).set('Authorization', who.bearer).expect(403);
      }
      await stack.http().get('/api/users').expect(401);
      await stack.http().get(`/api/users/${admin.id}`).expect(401);
      await stack.http().put(`/api/users/${admin.id}`).send({ username: 'x' }).expect(401);
      await stack.http().delete(`/api/users/${customer.id}`).expect(401);
    });

    it('reads and updates one user (username and e-mail only); malformed or unknown ids answer 404', async () => {
      const customer = await createAccount(stack);
      const one = await stack.http().get(`/api/users/${customer.id}`).set('Authorization', admin.bearer).expect(200);
      expect(one.body.email).toBe(customer.email);
      const updated = await stack
        .http()
        .put(`/api/users/${customer.id}`)
        .set('Authorization', admin.bearer)
        .send({ username: 'Renamed', email: `Renamed-${customer.id}@Example.com` })
        .expect(200);
      expect(updated.body).toEqual(expect.objectContaining({ username: 'Renamed', email: `renamed-${customer.id}@example.com` }));
      await stack.http().put(`/api/users/${customer.id}`).set('Authorization', admin.bearer).send({ isAdmin: true }).expect(400);
      await stack.http().put(`/api/users/${customer.id}`).set('Authorization', admin.bearer).send({ email: admin.email }).expect(409);
      expect((await db.collection('users').findOne({ _id: new Types.ObjectId(customer.id) }))?.isAdmin).toBe(false);
      for (const bad of ['not-an-id', '123', new Types.ObjectId().toString(), '%7B%22%24ne%22%3Anull%7D']) {
        expect((await stack.http().get(`/api/users/${bad}`).set('Authorization', admin.bearer).expect(404)).body).toEqual(
          expect.objectContaining({ code: 'USER_NOT_FOUND', message: 'User not found' }),
        );
        expect((await stack.http().put(`/api/users/${bad}`).set('Authorization', admin.bearer).send({ username: 'x' }).expect(404)).body.code).toBe(
          'USER_NOT_FOUND',
        );
        expect((await stack.http().delete(`/api/users/${bad}`).set('Authorization', admin.bearer).expect(404)).body.code).toBe('USER_NOT_FOUND');
      }
    });

    it('deletes a customer (with its cart) but never an admin account', async () => {
      const customer = await createAccount(stack);
      await db.collection('carts').insertOne({ user: new Types.ObjectId(customer.id), items: [] });
      await stack.http().delete(`/api/users/${customer.id}`).set('Authorization', admin.bearer).expect(200);
      expect(await db.collection('users').countDocuments({ _id: new Types.ObjectId(customer.id) })).toBe(0);
      expect(await db.collection('carts').countDocuments({ user: new Types.ObjectId(customer.id) })).toBe(0);
      await stack.http().get('/api/users/profile').set('Authorization', customer.bearer).expect(401);

      const otherAdmin = await createAccount(stack, 'admin');
      const refused = await stack.http().delete(`/api/users/${otherAdmin.id}`).set('Authorization', admin.bearer).expect(400);
      expect(refused.body.message).toBe('Cannot delete an admin user');
      await stack.http().delete(`/api/users/${admin.id}`).set('Authorization', admin.bearer).expect(400);
      expect(await db.collection('users').countDocuments({ _id: new Types.ObjectId(otherAdmin.id) })).toBe(1);
    });
  });

  describe("what an admin's delete of a user leaves (the console's delete dialog says the same)", () => {
    it('keeps their orders with the name, address and phone replaced, and their reviews on the products under their name', async () => {
      const customer = await createAccount(stack, 'customer', { username: 'Leaving Lou' });
      const tee = await insertProduct(stack, { name: 'Kept review tee', priceCents: 1500, countInStock: 5 });
      await stack
        .http()
        .post(`/api/products/${tee.id}/reviews`)
        .set('Authorization', customer.bearer)
        .send({ rating: 4, comment: 'Fits well' })
        .expect(201);
      await stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId: tee.id, quantity: 1 }).expect(201);
      const order = (
        await stack
          .http()
          .post('/api/orders')
          .set('Authorization', customer.bearer)
          .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
          .expect(201)
      ).body.id as string;

      await stack.http().delete(`/api/users/${customer.id}`).set('Authorization', admin.bearer).expect(200);

      const product = (await stack.http().get(`/api/products/${tee.id}`).expect(200)).body as {
        rating: number;
        numReviews: number;
        reviews: Array<{ name: string; comment: string }>;
      };
      expect(product).toMatchObject({ rating: 4, numReviews: 1 });
      expect(product.reviews.map((r) => [r.name, r.comment])).toEqual([['Leaving Lou', 'Fits well']]);
      const kept = await db.collection('orders').findOne({ _id: new Types.ObjectId(order) });
      expect(kept?.shippingAddress).toEqual({ fullName: 'Deleted user', address: '-', city: '-', postalCode: '-', country: '-', phone: '-' });
    });
  });

  describe('distributors', () => {
    it('registers a distributor with its store name and signs it in at the distributor login', async () => {
      const reg = await stack
        .http()
        .post('/api/users/distributor/register')
        .send({ username: 'Dee', email: 'dee@store.example', password: 'distributor pw', storeName: "Dee's Threads" })
        .expect(201);
      expect(reg.body).toEqual(
        expect.objectContaining({ isDistributor: true, isAdmin: false, storeName: "Dee's Threads", token: expect.any(String) }),
      );
      const login = await stack
        .http()
        .post('/api/users/distributor/login')
        .send({ email: 'dee@store.example', password: 'distributor pw' })
        .expect(200);
      expect(login.body.isDistributor).toBe(true);
      expect(String(login.headers['set-cookie'])).toMatch(/jwt=/);
    });

    it('refuses missing storeName, isAdmin and taken e-mails', async () => {
      await stack
        .http()
        .post('/api/users/distributor/register')
        .send({ username: 'D', email: 'd2@store.example', password: 'distributor pw' })
        .expect(400);
      await stack
        .http()
        .post('/api/users/distributor/register')
        .send({ username: 'D', email: 'd3@store.example', password: 'distributor pw', storeName: 'S', isAdmin: true })
        .expect(400);
      await stack
        .http()
        .post('/api/users/distributor/register')
        .send({ username: 'D', email: 'dee@store.example', password: 'distributor pw', storeName: 'S' })
        .expect(409);
      expect(await db.collection('users').countDocuments({ email: { $in: ['d2@store.example', 'd3@store.example'] } })).toBe(0);
    });

    it('answers 403 with a clear message to a customer, and 401 to a wrong password', async () => {
      const customer = await createAccount(stack);
      const res = await stack.http().post('/api/users/distributor/login').send({ email: customer.email, password: customer.password }).expect(403);
      expect(res.body.message).toBe('This account is not a distributor account. Please sign in at the customer login.');
      expect(res.body.token).toBeUndefined();
      await stack.http().post('/api/users/distributor/login').send({ email: 'dee@store.example', password: 'wrong password' }).expect(401);
      await stack
        .http()
        .post('/api/users/distributor/login')
        .send({ email: { $ne: null }, password: 'x' })
        .expect(400);
    });
  });

  describe('favourites', () => {
    const productIds: string[] = [];

    beforeAll(async () => {
      const category = await db.collection('categories').insertOne({ name: 'Shirts', slug: 'shirts' });
      for (const [i, name] of ['Linen shirt', 'Denim jacket', 'Hidden draft'].entries()) {
        const { insertedId } = await db.collection('products').insertOne({
          name,
          slug: `fav-${i}`,
          description: 'd',
          priceCents: 1999 + i * 1000,
          category: category.insertedId,
          brand: 'Acme',
          quantity: 5,
          countInStock: 5,
          image: `/api/images/${new Types.ObjectId().toString()}`,
          rating: 4,
          numReviews: 2,
          status: i === 2 ? 'draft' : 'published',
        });
        productIds.push(insertedId.toString());
      }
    });

    it('is for signed-in users only', async () => {
      await stack.http().get('/api/users/favorites').expect(401);
      await stack.http().post('/api/users/favorites').send({ productId: productIds[0] }).expect(401);
      await stack.http().delete(`/api/users/favorites/${productIds[0]}`).expect(401);
    });

    it('adds (ignoring duplicates), lists with prices in dollars, and removes', async () => {
      const account = await createAccount(stack);
      const auth = { Authorization: account.bearer };
      expect((await stack.http().get('/api/users/favorites').set(auth).expect(200)).body).toEqual([]);
      await stack.http().post('/api/users/favorites').set(auth).send({ productId: productIds[0] }).expect(200);
      await stack.http().post('/api/users/favorites').set(auth).send({ productId: productIds[1] }).expect(200);
      const dup = await stack.http().post('/api/users/favorites').set(auth).send({ productId: productIds[0] }).expect(200);
      expect(dup.body.map((p: { _id: string }) => p._id)).toEqual([productIds[0], productIds[1]]);
      expect(dup.body[0]).toEqual(
        expect.objectContaining({
          _id: productIds[0],
          id: productIds[0],
          name: 'Linen shirt',
          price: 19.99,
          image: expect.stringMatching(/^\/api\/images\//),
        }),
      );
      expect(dup.body[1].price).toBe(29.99);
      const list = await stack.http().get('/api/users/favorites').set(auth).expect(200);
      expect(list.body).toHaveLength(2);
      const after = await stack.http().delete(`/api/users/favorites/${productIds[0]}`).set(auth).expect(200);
      expect(after.body.map((p: { _id: string }) => p._id)).toEqual([productIds[1]]);
      // removing one that is not there is harmless for a real product
      await stack.http().delete(`/api/users/favorites/${productIds[0]}`).set(auth).expect(200);
    });

    it('answers 404 for unknown, hidden or malformed product ids, and 400 for operator objects', async () => {
      const account = await createAccount(stack);
      const auth = { Authorization: account.bearer };
      for (const productId of [new Types.ObjectId().toString(), productIds[2], 'not-an-id']) {
        await stack.http().post('/api/users/favorites').set(auth).send({ productId }).expect(404);
      }
      expect((await stack.http().delete(`/api/users/favorites/not-an-id`).set(auth).expect(404)).body.code).toBe('PRODUCT_NOT_FOUND');
      await stack.http().delete(`/api/users/favorites/${new Types.ObjectId().toString()}`).set(auth).expect(404);
      await stack
        .http()
        .post('/api/users/favorites')
        .set(auth)
        .send({ productId: { $ne: null } })
        .expect(400);
      expect((await stack.http().get('/api/users/favorites').set(auth).expect(200)).body).toEqual([]);
    });
  });

  describe('GET /api/admin/jobs/failed', () => {
    it('lists failed jobs for admins only', async () => {
      const customer = await createAccount(stack);
      const res = await stack.http().get('/api/admin/jobs/failed').set('Authorization', admin.bearer).expect(200);
      expect(Array.isArray(res.body)).toBe(true);
      await stack.http().get('/api/admin/jobs/failed').set('Authorization', customer.bearer).expect(403);
      await stack.http().get('/api/admin/jobs/failed').expect(401);
    });
  });
});
