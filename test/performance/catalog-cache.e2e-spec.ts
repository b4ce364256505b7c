import { getConnectionToken } from '@nestjs/mongoose';
import Redis from 'ioredis';
import type { Connection } from 'mongoose';
import { PageCache } from '../../apps/api/src/catalog-cache/catalog-cache.module';
import { ResponseCache } from '../../apps/api/src/catalog-cache/response-cache';
import { createAccount, type TestAccount, createCategory, createProduct, ADDRESS } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

const PUBLIC = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';

describe('catalog cache: inside the pipeline, guests share answers with ETag, 304 and Cache-Control; catalog writes show at once (order stock on lists within the lag)', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let customer: TestAccount;
  let category: string;
  let productId: string;
  const cache = () => stack.app.get(ResponseCache);

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, customer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack, 'customer')]);
    category = await createCategory(stack, admin, 'Knitwear');
    productId = (await createProduct(stack, admin, category, { name: 'Wool jumper', countInStock: 5 }))._id;
  });
  afterAll(() => stack?.stop());

  it('answers a repeated guest GET from the cache with the same bytes, headers and a fresh request id', async () => {
    const first = await stack.http().get(`/api/products/${productId}`).expect(200);
    const hits = cache().hits;
    const second = await stack.http().get(`/api/products/${productId}`).expect(200);
    expect(cache().hits).toBe(hits + 1);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-ratelimit-limit']).toBe(first.headers['x-ratelimit-limit']);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // Sent through the whole pipeline: the guards ran (rate limit above) and the caching headers are the guest's.
    expect(first.headers['cache-control']).toBe(PUBLIC);
    expect(second.headers['cache-control']).toBe(PUBLIC);
    expect(second.headers['vary']).toMatch(/Authorization.*Cookie/);
  });

  it('computes a missing answer once for many guests asking at the same time', async () => {
    cache().invalidate();
    const store = jest.spyOn(cache(), 'store');
    const coalesced = cache().coalesced;
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => stack.http().get('/api/products?page=1&pageSize=7')));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      // One handler run kept the answer; the others waited for it (or came after it was kept).
      expect(store).toHaveBeenCalledTimes(1);
      expect(new Set(answers.map((r) => r.text)).size).toBe(1);
      expect(new Set(answers.map((r) => r.headers['etag'])).size).toBe(1);
      expect(answers.every((r) => r.headers['cache-control'] === PUBLIC)).toBe(true);
      expect(cache().coalesced).toBeGreaterThan(coalesced);
    } finally {
      store.mockRestore();
    }
  });

  it('sends a stable ETag and answers 304 to If-None-Match (strong or weak, a list, *), from the cache and without it', async () => {
    for (const path of ['/api/products/top', '/api/products?page=1&pageSize=5', `/api/products/${productId}`, '/api/category/categories']) {
      const first = await stack.http().get(path).expect(200);
      const etag = first.headers['etag'] as string;
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      const strong = etag.slice(2);
      const hits = cache().hits;
      const again = await stack.http().get(path).expect(200);
      // The same bytes, the same ETag, answered from the cache.
      expect(cache().hits).toBe(hits + 1);
      expect(again.headers['etag']).toBe(etag);
      expect(again.text).toBe(first.text);
      for (const ifNoneMatch of [etag, strong, `W/"other", ${etag}`, '"other", ' + strong, '*']) {
        const notModified = await stack.http().get(path).set('If-None-Match', ifNoneMatch).expect(304);
        expect({ path, ifNoneMatch, body: notModified.text }).toEqual({ path, ifNoneMatch, body: '' });
        expect(notModified.headers['etag']).toBe(etag);
        expect(notModified.headers['cache-control']).toBe(PUBLIC);
        expect(notModified.headers['content-length']).toBeUndefined();
        expect(notModified.headers['x-ratelimit-limit']).toBeDefined();
      }
      expect(cache().hits).toBe(hits + 6);
      await stack.http().get(path).set('If-None-Match', 'W/"other"').expect(200);
      // A caller who forces a fresh answer gets the body.
      await stack.http().get(path).set('If-None-Match', etag).set('Cache-Control', 'no-cache').expect(200);
    }
    // Without the cache (a signed-in customer's first call goes through the handler too) the same ETag and a 304.
    const fresh = await stack.http().get('/api/products/new').expect(200);
    await stack.http().get('/api/products/new').set('Authorization', customer.bearer).set('If-None-Match', fresh.headers['etag']).expect(304);
  });

  it('sends Cache-Control by caller: public for guests, private for signed-in callers, no-store for admins, distributors and owners', async () => {
    const seller = await createAccount(stack, 'distributor');
    const path = '/api/products?page=1&pageSize=3';
    expect((await stack.http().get(path).expect(200)).headers['cache-control']).toBe(PUBLIC);
    expect((await stack.http().get(path).set('Cookie', 'theme=dark').expect(200)).headers['cache-control']).toBe(PUBLIC);
    // A customer gets the guests' answer (from the cache), kept only by the customer's own browser.
    const hits = cache().hits;
    const asCustomer = await stack.http().get(path).set('Authorization', customer.bearer).expect(200);
    expect(cache().hits).toBe(hits + 1);
    expect(asCustomer.headers['cache-control']).toBe('private, no-cache');
    expect((await stack.http().get(path).set('Cookie', `jwt=${customer.token}`).expect(200)).headers['cache-control']).toBe('private, no-cache');
    // A bad token is a guest's answer, but it was asked with credentials: not for a shared cache.
    expect((await stack.http().get(path).set('Authorization', 'Bearer not-a-token').expect(200)).headers['cache-control']).toBe('private, no-cache');
    const asAdmin = await stack.http().get(path).set('Authorization', admin.bearer).expect(200);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(asAdmin.headers['etag']).toBeDefined();
    expect((await stack.http().get(path).set('Authorization', seller.bearer).expect(200)).headers['cache-control']).toBe('private, no-store');
    // Where an owner sees more, a signed-in customer's answer is personal too.
    expect((await stack.http().get(`/api/products/${productId}`).set('Authorization', customer.bearer).expect(200)).headers['cache-control']).toBe(
      'private, no-store',
    );
    expect(cache().hits).toBe(hits + 3);
    // Errors carry no caching headers of ours.
    const missing = await stack.http().get('/api/products/0123456789abcdef01234567').expect(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    // Every public answer names what it varies by, for shared caches.
    expect((await stack.http().get('/api/category/categories').expect(200)).headers['vary']).toMatch(/Authorization.*Cookie/);
  });

  it('shows a product edit at once: the cache is dropped, and the old ETag no longer gets a 304', async () => {
    const before = await stack.http().get(`/api/products/${productId}`).expect(200);
    await stack.http().get(`/api/products/${productId}`).expect(200);
    await stack.http().get('/api/products?page=1').expect(200);
    expect(cache().size).toBeGreaterThan(0);
    await stack.http().put(`/api/products/${productId}`).set('Authorization', admin.bearer).send({ name: 'Merino jumper', price: 55 }).expect(200);
    expect(cache().size).toBe(0);
    const one = await stack.http().get(`/api/products/${productId}`).set('If-None-Match', before.headers['etag']).expect(200);
    expect(one.body).toMatchObject({ name: 'Merino jumper', price: 55 });
    expect(one.headers['etag']).not.toBe(before.headers['etag']);
    const list = await stack.http().get('/api/products?page=1').expect(200);
    expect(list.body.map((p: { name: string }) => p.name)).toContain('Merino jumper');
  });

  it("renders the storefront's /shop page once for many guests, and again after a catalog write (npm test builds the storefront first)", async () => {
    const pages = stack.app.get(PageCache);
    const shirt = await createProduct(stack, admin, category, { name: 'Linen overshirt' });
    const first = await stack.http().get('/shop').expect(200);
    expect(first.headers['content-type']).toContain('text/html');
    // Server-rendered with its data: the newest product is in the HTML.
    expect(first.text).toContain('Linen overshirt');
    const hits = pages.hits;
    const again = await stack.http().get('/shop').expect(200);
    expect(pages.hits).toBe(hits + 1);
    expect(again.text).toBe(first.text);
    await stack
      .http()
      .get('/shop')
      .set('If-None-Match', first.headers['etag'] as string)
      .expect(304);
    await stack.http().put(`/api/products/${shirt._id}`).set('Authorization', admin.bearer).send({ name: 'Hemp overshirt' }).expect(200);
    expect(pages.size).toBe(0);
    const renamed = await stack
      .http()
      .get('/shop')
      .set('If-None-Match', first.headers['etag'] as string)
      .expect(200);
    expect(renamed.text).toContain('Hemp overshirt');
    expect(renamed.text).not.toContain('Linen overshirt');
    await stack.http().delete(`/api/products/${shirt._id}`).set('Authorization', admin.bearer).expect(200);
  });

  it('shows a review, a category rename, a new product and a deletion at once', async () => {
    await stack.http().get(`/api/products/${productId}`).expect(200);
    await stack
      .http()
      .post(`/api/products/${productId}/reviews`)
      .set('Authorization', customer.bearer)
      .send({ rating: 4, comment: 'Warm' })
      .expect(201);
    expect((await stack.http().get(`/api/products/${productId}`).expect(200)).body).toMatchObject({ numReviews: 1, rating: 4 });

    await stack.http().get('/api/category/categories').expect(200);
    await stack.http().put(`/api/category/${category}`).set('Authorization', admin.bearer).send({ name: 'Knits' }).expect(200);
    expect((await stack.http().get('/api/category/categories').expect(200)).body.map((c: { name: string }) => c.name)).toContain('Knits');
    expect((await stack.http().get(`/api/products/${productId}`).expect(200)).body.category.name).toBe('Knits');

    const before = (await stack.http().get(`/api/category/${category}/products`).expect(200)).body.length;
    const extra = await createProduct(stack, admin, category, { name: 'Cable scarf' });
    expect((await stack.http().get(`/api/category/${category}/products`).expect(200)).body).toHaveLength(before + 1);
    await stack.http().delete(`/api/products/${extra._id}`).set('Authorization', admin.bearer).expect(200);
    await stack.http().get(`/api/products/${extra._id}`).expect(404);
    expect((await stack.http().get(`/api/category/${category}/products`).expect(200)).body).toHaveLength(before);
  });

  it('shows the stock taken by an order at once', async () => {
    const before = (await stack.http().get(`/api/products/${productId}`).expect(200)).body.countInStock;
    await stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId, quantity: 2 }).expect(201);
    await stack.http().post('/api/orders').set('Authorization', customer.bearer).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' }).expect(201);
    expect((await stack.http().get(`/api/products/${productId}`).expect(200)).body.countInStock).toBe(before - 2);
  });

  it('keeps lists cached through an order, and they show its stock within the stock lag', async () => {
    const list = () => stack.http().get(`/api/category/${category}/products`).expect(200);
    const stockIn = (body: { _id: string; countInStock: number }[]) => body.find((p) => p._id === productId)?.countInStock;
    // Earlier tests' orders may still be within the lag: start from a list that shows the product page's stock.
    const before = (await stack.http().get(`/api/products/${productId}`).expect(200)).body.countInStock as number;
    await until(async () => (stockIn((await list()).body) === before ? true : undefined), 5000, 'the list to settle');
    await stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId, quantity: 1 }).expect(201);
    await stack.http().post('/api/orders').set('Authorization', customer.bearer).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' }).expect(201);
    // The product page is exact at once; the list is still the cached answer (an order does not empty the cache).
    expect((await stack.http().get(`/api/products/${productId}`).expect(200)).body.countInStock).toBe(before - 1);
    const hits = cache().hits;
    expect(stockIn((await list()).body)).toBe(before);
    expect(cache().hits).toBe(hits + 1);
    await until(async () => (stockIn((await list()).body) === before - 1 ? true : undefined), 5000, 'the list to show the new stock');
  });

  it('never serves a cached guest answer to an admin, nor caches a signed-in answer', async () => {
    const hidden = await createProduct(stack, admin, category, { name: 'Draft coat' });
    await stack.http().put(`/api/products/${hidden._id}`).set('Authorization', admin.bearer).send({ status: 'draft' }).expect(200);
    await stack.http().get('/api/products?page=1').expect(200);
    const hits = cache().hits;
    const asAdmin = await stack.http().get('/api/products?page=1').set('Authorization', admin.bearer).expect(200);
    expect(asAdmin.body.map((p: { name: string }) => p.name)).toContain('Draft coat');
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    // Its ETag names other bytes than the guests' answer: a guest sending it gets the guests' body.
    const guestList = await stack.http().get('/api/products?page=1').set('If-None-Match', asAdmin.headers['etag']).expect(200);
    expect(guestList.headers['etag']).not.toBe(asAdmin.headers['etag']);
    const asGuest = await stack.http().get('/api/products?page=1').expect(200);
    expect(asGuest.body.map((p: { name: string }) => p.name)).not.toContain('Draft coat');
    expect(asGuest.headers['cache-control']).toBe(PUBLIC);
    expect(cache().hits).toBe(hits + 2);
    await stack.http().get(`/api/products/${hidden._id}`).expect(404);
    expect((await stack.http().get(`/api/products/${hidden._id}`).set('Authorization', admin.bearer).expect(200)).headers['cache-control']).toBe(
      'private, no-store',
    );
    await stack.http().get(`/api/products/${hidden._id}`).expect(404);
  });
  it('shares answers between guests and signed-in customers, but not once the account becomes a distributor', async () => {
    const guest = await stack.http().get('/api/products?page=1').expect(200);
    // The guard resolves the customer (a plain one: the guests' answer), then the interceptor answers from the cache.
    let hits = cache().hits;
    const byBearer = await stack.http().get('/api/products?page=1').set('Authorization', customer.bearer).expect(200);
    const byCookie = await stack.http().get('/api/products?page=1').set('Cookie', `jwt=${customer.token}`).expect(200);
    expect(cache().hits).toBe(hits + 2);
    expect(byBearer.text).toBe(guest.text);
    expect(byCookie.text).toBe(guest.text);
    expect(byBearer.headers['etag']).toBe(guest.headers['etag']);

    // A customer's own answer is kept for everyone: a guest asking next is answered from the cache.
    const first = await stack.http().get('/api/products?page=1&pageSize=7').set('Authorization', customer.bearer).expect(200);
    hits = cache().hits;
    expect((await stack.http().get('/api/products?page=1&pageSize=7').expect(200)).text).toBe(first.text);
    expect(cache().hits).toBe(hits + 1);

    // A role change through the users model drops the account from the session cache at once.
    const users = stack.app.get<Connection>(getConnectionToken()).model('User');
    await users.updateOne({ _id: customer.id }, { $set: { isDistributor: true, storeName: 'Corner shop' } });
    hits = cache().hits;
    const asDistributor = await stack.http().get('/api/products?page=1').set('Authorization', customer.bearer).expect(200);
    expect(cache().hits).toBe(hits);
    expect(asDistributor.text).toBe(guest.text);
    // Nor is a distributor's answer kept: the next guest call still misses.
    await stack.http().get('/api/products?page=1&pageSize=9').set('Authorization', customer.bearer).expect(200);
    await stack.http().get('/api/products?page=1&pageSize=9').expect(200);
    expect(cache().hits).toBe(hits);
    await users.updateOne({ _id: customer.id }, { $set: { isDistributor: false } });
  });
  it("never keeps an owner's view of an unpublished product for guests, when the owner is now a plain customer", async () => {
    const seller = await createAccount(stack, 'distributor');
    const pending = await createProduct(stack, seller, category, { name: 'Unreviewed shawl' });
    const users = stack.app.get<Connection>(getConnectionToken()).model('User');
    await users.updateOne({ _id: seller.id }, { $set: { isDistributor: false } });
    // The former distributor still owns it and sees it, alone and with its similar products; guests do not.
    expect((await stack.http().get(`/api/products/${pending._id}`).set('Authorization', seller.bearer).expect(200)).body.name).toBe(
      'Unreviewed shawl',
    );
    await stack.http().get(`/api/products/${pending._id}/similar`).set('Authorization', seller.bearer).expect(200);
    await stack.http().get(`/api/products/${pending._id}`).expect(404);
    await stack.http().get(`/api/products/${pending._id}/similar`).expect(404);
  });
});

describe('catalog cache: throttling and several API instances', () => {
  let a: TestStack;
  let b: TestStack;
  let admin: TestAccount;

  beforeAll(async () => {
    a = await startTestStack({ env: { RATE_LIMIT_DEFAULT: '12' } });
    b = await startTestStack({
      env: { RATE_LIMIT_DEFAULT: '12', MONGODB_URI: a.config.mongodbUri, MONGODB_DB: a.config.mongodbDbName, REDIS_PREFIX: a.config.redisPrefix },
    });
    admin = await createAccount(a, 'admin');
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('counts cached answers against the global limit in Redis at once, on every instance: the 13th call answers 429', async () => {
    const answers = [];
    // Six calls on each instance, one after the other, no waiting: each is counted before it is answered.
    for (let i = 0; i < 12; i += 1) answers.push(await (i % 2 ? b : a).http().get('/api/category/categories'));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(answers.map((r) => Number(r.headers['x-ratelimit-remaining']))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(answers.every((r) => r.headers['x-ratelimit-limit'] === '12')).toBe(true);
    expect(a.app.get(ResponseCache).hits + b.app.get(ResponseCache).hits).toBeGreaterThanOrEqual(10);
    const hits = a.app.get(ResponseCache).hits;
    const refused = await a.http().get('/api/category/categories');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers['cache-control']).toBeUndefined();
    // Refused by the guard, before the cache: not a hit, also with a matching ETag.
    await b.http().get('/api/category/categories').set('If-None-Match', answers[0].headers['etag']).expect(429);
    expect(a.app.get(ResponseCache).hits).toBe(hits);
  });

  it('a write is published on Redis, and a message from another instance empties this cache', async () => {
    const category = await createCategory(a, admin, 'Shared');
    const id = (await createProduct(a, admin, category, { name: 'Shared tee' }))._id;
    const channel = `${a.config.redisPrefix}:catalog-changed`;
    const listener = new Redis(a.config.redisUrl);
    const heard: string[] = [];
    try {
      await listener.subscribe(channel);
      listener.on('message', (_c: string, from: string) => heard.push(from));
      await a.http().put(`/api/products/${id}`).set('Authorization', admin.bearer).send({ name: 'Renamed tee' }).expect(200);
      await until(async () => (heard.length > 0 ? true : undefined), 2000, 'the catalog-changed message');

      // Another instance's message (a process we cannot hear in-process) empties b's cache.
      expect((await b.http().get(`/api/products/${id}`).expect(200)).body.name).toBe('Renamed tee');
      expect(b.app.get(ResponseCache).size).toBeGreaterThan(0);
      const publisher = new Redis(a.config.redisUrl);
      await publisher.publish(channel, 'another-instance');
      publisher.disconnect();
      await until(async () => (b.app.get(ResponseCache).size === 0 ? true : undefined), 2000, 'b to empty its cache');
    } finally {
      listener.disconnect();
    }
  });
});

describe('catalog cache off (CATALOG_CACHE_TTL_MS=0): the same ETag, 304 and Cache-Control from the handler', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ env: { CATALOG_CACHE_TTL_MS: '0', RATE_LIMIT_DEFAULT: '5' } });
  });
  afterAll(() => stack?.stop());

  it('answers 304 to If-None-Match, sends the public Cache-Control, and still counts every call', async () => {
    const first = await stack.http().get('/api/category/categories').expect(200);
    expect(first.headers['cache-control']).toBe(PUBLIC);
    const again = await stack.http().get('/api/category/categories').expect(200);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    const notModified = await stack.http().get('/api/category/categories').set('If-None-Match', first.headers['etag']).expect(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers['cache-control']).toBe(PUBLIC);
    expect(stack.app.get(ResponseCache).hits).toBe(0);
    await stack.http().get('/api/category/categories').expect(200);
    await stack.http().get('/api/category/categories').expect(200);
    await stack.http().get('/api/category/categories').expect(429);
  });
});
