import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount, createCategory, createProduct, pngImage } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

type P = { _id: string; name: string; status: string } & Record<string, unknown>;
const names = (list: P[]) => list.map((p) => p.name).sort();

describe('products (/api/products)', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let distributor: TestAccount;
  let otherDistributor: TestAccount;
  let customer: TestAccount;
  let tops: string;
  let pants: string;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, distributor, otherDistributor, customer] = await Promise.all([
      createAccount(stack, 'admin'),
      createAccount(stack, 'distributor'),
      createAccount(stack, 'distributor'),
      createAccount(stack, 'customer'),
    ]);
    tops = await createCategory(stack, admin, 'Tops');
    pants = await createCategory(stack, admin, 'Pants');
  });
  afterAll(() => stack?.stop());

  it("creates from JSON with the full product shape; an admin's product is published", async () => {
    const p = await createProduct(stack, admin, tops, {
      name: 'Sale shirt',
      price: 25,
      compareAtPrice: 40,
      image: '/api/images/665f1c2e9d1e8a0012345678',
      specifications: { Material: 'Linen' },
    });
    expect(p).toMatchObject({
      name: 'Sale shirt',
      price: 25,
      compareAtPrice: 40,
      category: { _id: tops, name: 'Tops' },
      status: 'published',
      owner: admin.id,
      specifications: { Material: 'Linen' },
      rating: 0,
      numReviews: 0,
      reviews: [],
      isSpecial: false,
      rejectionNote: null,
      quantity: 10,
      countInStock: 10,
    });
    expect(p.id).toBe(p._id);
    expect(p.slug).toMatch(/^sale-shirt-[0-9a-f]{6}$/);
    expect(p.images).toEqual([160, 320, 640, 1280].map((w) => ({ width: w, url: `/api/images/665f1c2e9d1e8a0012345678?w=${w}` })));
  });

  it('sums the variants into countInStock and keeps quantity in step', async () => {
    const p = await createProduct(stack, admin, tops, {
      name: 'Variant tee',
      variants: [
        { sku: 'VT-S-RED', size: 'S', colour: 'red', countInStock: 2 },
        { sku: 'VT-M-RED', size: 'M', colour: 'red', countInStock: 3, price: 21.5 },
      ],
    });
    expect(p.countInStock).toBe(5);
    expect(p.quantity).toBe(5);
    expect(p.variants).toEqual([
      { sku: 'VT-S-RED', size: 'S', colour: 'red', price: 19.99, countInStock: 2, image: null },
      { sku: 'VT-M-RED', size: 'M', colour: 'red', price: 21.5, countInStock: 3, image: null },
    ]);
    const changed = await stack
      .http()
      .put(`/api/products/${p._id}`)
      .set('Authorization', admin.bearer)
      .send({ variants: [{ sku: 'VT-L', size: 'L', countInStock: 7 }] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ countInStock: 7, quantity: 7 });
  });

  it('a pending product is absent from the public list and present in the admin list; approval publishes it and rejection hides it', async () => {
    const pending = await createProduct(stack, distributor, tops, { name: 'Pending hoodie' });
    expect(pending.status).toBe('pending');
    const publicList = await stack.http().get('/api/products').query({ pageSize: 100 });
    expect(names(publicList.body)).not.toContain('Pending hoodie');
    const adminList = await stack.http().get('/api/products').query({ pageSize: 100 }).set('Authorization', admin.bearer);
    expect(names(adminList.body)).toContain('Pending hoodie');
    expect((await stack.http().get(`/api/products/${pending._id}`)).status).toBe(404);
    expect((await stack.http().get(`/api/products/${pending._id}`).set('Authorization', distributor.bearer)).status).toBe(200);
    expect((await stack.http().get('/api/products/allProducts')).body.map((p: P) => p.name)).not.toContain('Pending hoodie');
    expect((await stack.http().get('/api/products/allProducts').set('Authorization', admin.bearer)).body.map((p: P) => p.name)).toContain(
      'Pending hoodie',
    );

    expect((await stack.http().put(`/api/products/${pending._id}/approve`).set('Authorization', distributor.bearer)).status).toBe(403);
    const approved = await stack.http().put(`/api/products/${pending._id}/approve`).set('Authorization', admin.bearer);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('published');
    expect((await stack.http().get(`/api/products/${pending._id}`)).status).toBe(200);

    const noNote = await stack.http().put(`/api/products/${pending._id}/reject`).set('Authorization', admin.bearer).send({});
    expect(noNote.status).toBe(400);
    const rejected = await stack.http().put(`/api/products/${pending._id}/reject`).set('Authorization', admin.bearer).send({ note: 'Blurry photos' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionNote: 'Blurry photos' });
    expect((await stack.http().get(`/api/products/${pending._id}`)).status).toBe(404);
  });

  it('searches the words of name, brand, description and category name, in any order and case-insensitively', async () => {
    await createProduct(stack, admin, pants, { name: 'Regex .* jeans' });
    await createProduct(stack, admin, pants, { name: 'Chinos', brand: 'ACME Denim' });
    await createProduct(stack, admin, pants, { name: 'Cargo', description: 'Roomy POCKETS everywhere' });
    // Punctuation is not a word: a text of none is no search at all.
    const dots = await stack.http().get('/api/products').query({ search: '.*', pageSize: 100 });
    expect(dots.status).toBe(200);
    expect(names(dots.body)).toEqual(names((await stack.http().get('/api/products').query({ pageSize: 100 })).body));
    expect(names((await stack.http().get('/api/products').query({ search: 'acme denim' })).body)).toEqual(['Chinos']);
    expect(names((await stack.http().get('/api/products').query({ search: 'denim acme' })).body)).toEqual(['Chinos']);
    expect(names((await stack.http().get('/api/products').query({ search: 'pockets' })).body)).toEqual(['Cargo']);
    const byCategory = await stack.http().get('/api/products').query({ search: 'PANTS', pageSize: 100 });
    expect(names(byCategory.body)).toEqual(['Cargo', 'Chinos', 'Regex .* jeans']);
    expect(names((await stack.http().get('/api/products').query({ filter: '{"q":"chino"}' })).body)).toEqual(['Chinos']);
  });

  it('answers a catastrophic-backtracking pattern: searched as words, never run as a pattern', async () => {
    await createProduct(stack, admin, pants, { name: 'a'.repeat(60) + '!', description: 'a'.repeat(3000) + '!' });
    // Run as a regular expression over that description, this would backtrack 2^40 times: the answer would never come
    // within the test's timeout. Searched as words, it answers at once (how fast is the search benchmark's business).
    const hostile = '(a+)+$' + 'a'.repeat(40) + '!';
    const res = await stack.http().get('/api/products').query({ search: hostile });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const long = await stack
      .http()
      .get('/api/products')
      .query({ search: '(a|aa)*'.repeat(200) });
    expect(long.status).toBe(200);
  });

  it('pages, sorts and filters with list headers (page/pageSize and react-admin range/sort/filter)', async () => {
    const page = await stack.http().get('/api/products').query({ category: pants, page: 1, pageSize: 2, sort: 'name' });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    const total = Number(page.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(4);
    expect(page.headers['content-range']).toBe(`products 0-1/${total}`);
    const names2 = page.body.map((p: P) => p.name);
    expect([...names2].sort()).toEqual(names2);

    const ra = await stack
      .http()
      .get('/api/products')
      .query({ range: '[1,2]', sort: '["price","DESC"]', filter: JSON.stringify({ category: pants }) });
    expect(ra.headers['content-range']).toBe(`products 1-2/${total}`);
    expect(ra.body).toHaveLength(2);
    expect((await stack.http().get('/api/products').query({ sort: '["password","ASC"]' })).status).toBe(400);
    expect((await stack.http().get('/api/products').query({ filter: '{"status":{"$ne":"x"}}' })).status).toBe(400);
    expect((await stack.http().get('/api/products').query({ category: 'nope' })).status).toBe(400);
    const all = await stack.http().get('/api/products/allProducts');
    expect(all.headers['x-total-count']).toBe(String(all.body.length));
  });

  it('serves top, new, special, offers, similar and filtered-products', async () => {
    const cat = await createCategory(stack, admin, 'Showcase');
    const special = await createProduct(stack, admin, cat, { name: 'Special coat', isSpecial: true, price: 80 });
    const cheap = await createProduct(stack, admin, cat, { name: 'Cheap cap', price: 5 });
    const newest = await createProduct(stack, admin, cat, { name: 'Newest scarf', price: 12, compareAtPrice: 20 });

    const top = await stack.http().get('/api/products/top');
    expect(top.status).toBe(200);
    const ratings = top.body.map((p: P) => p.rating as number);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);

    const fresh = await stack.http().get('/api/products/new');
    expect(fresh.body[0].name).toBe('Newest scarf');

    const showcase = await stack.http().get('/api/products/special');
    expect(showcase.body.map((p: P) => p.name)).toEqual(['Special coat']);

    const offers = await stack.http().get('/api/products/offers');
    expect(offers.body.map((p: P) => p.name)).toContain('Newest scarf');
    for (const p of offers.body as P[]) expect(p.compareAtPrice as number).toBeGreaterThan(p.price as number);

    const similar = await stack.http().get(`/api/products/${special._id}/similar`);
    expect(names(similar.body)).toEqual(['Cheap cap', 'Newest scarf']);

    const filtered = await stack
      .http()
      .post('/api/products/filtered-products')
      .send({ checked: [cat], radio: [0, 15] });
    expect(filtered.status).toBe(200);
    expect(names(filtered.body)).toEqual(['Cheap cap', 'Newest scarf']);
    const everyCategory = await stack.http().post('/api/products/filtered-products').send({ checked: [], radio: [] });
    expect(everyCategory.body.length).toBeGreaterThan(3);
    expect(
      (
        await stack
          .http()
          .post('/api/products/filtered-products')
          .send({ checked: ['x'] })
      ).status,
    ).toBe(400);
    expect(cheap.price).toBe(5);
    expect(newest.compareAtPrice).toBe(20);
  });

  it('pages filtered-products with the search text when the body asks for a page (the shop page), totals in X-Total-Count', async () => {
    const rack = await createCategory(stack, admin, 'Pager rack');
    const other = await createCategory(stack, admin, 'Pager other');
    for (const [name, price] of [
      ['Linen pager shirt', 30],
      ['Wool pager coat', 90],
      ['Linen pager trousers', 45],
      ['Silk pager scarf', 35],
      ['Linen pager cap', 20],
    ] as const) {
      await createProduct(stack, admin, rack, { name, price });
    }
    await createProduct(stack, admin, other, { name: 'Linen pager elsewhere', price: 30 });
    await createProduct(stack, distributor, rack, { name: 'Linen pager pending', price: 30 });
    const filter = (body: Record<string, unknown>) => stack.http().post('/api/products/filtered-products').send(body);

    // Newest first, two per page: five published products in the rack (the pending one is not shown).
    const first = await filter({ checked: [rack], radio: [], page: 1, pageSize: 2 }).expect(200);
    expect((first.body as P[]).map((p) => p.name)).toEqual(['Linen pager cap', 'Silk pager scarf']);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.headers['content-range']).toBe('products 0-1/5');
    const last = await filter({ checked: [rack], radio: [], page: 3, pageSize: 2 }).expect(200);
    expect((last.body as P[]).map((p) => p.name)).toEqual(['Linen pager shirt']);
    expect(last.headers['content-range']).toBe('products 4-4/5');

    // The search text narrows the filters; it also matches the category's name. The page size defaults to 12.
    const linen = await filter({ checked: [rack], radio: [25, 100], search: 'linen', page: 1 }).expect(200);
    expect((linen.body as P[]).map((p) => p.name)).toEqual(['Linen pager trousers', 'Linen pager shirt']);
    expect(linen.headers['x-total-count']).toBe('2');
    const byCategoryName = await filter({ checked: [rack, other], radio: [], search: 'PAGER OTHER', pageSize: 12 }).expect(200);
    expect((byCategoryName.body as P[]).map((p) => p.name)).toEqual(['Linen pager elsewhere']);

    // Without page and pageSize: the whole list as before (no paging headers), the search text still applies.
    const whole = await filter({ checked: [rack], radio: [], search: 'linen' }).expect(200);
    expect(names(whole.body)).toEqual(['Linen pager cap', 'Linen pager shirt', 'Linen pager trousers']);
    expect(whole.headers['x-total-count']).toBeUndefined();

    for (const [body, message] of [
      [{ page: 0 }, 'page must be a whole number from 1 to 10000'],
      [{ page: '2' }, 'page must be a whole number from 1 to 10000'],
      [{ page: 1.5 }, 'page must be a whole number from 1 to 10000'],
      [{ pageSize: 101 }, 'pageSize must be a whole number from 1 to 100'],
      [{ search: 'x'.repeat(1001) }, 'search must be at most 1000 characters'],
      [{ search: { $gt: '' } }, 'search must be text'],
    ] as const) {
      const refused = await filter({ checked: [rack], ...body }).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it("names each product's category in lists, filtered-products and one product; a removed category answers null", async () => {
    const coats = await createCategory(stack, admin, 'Coats');
    const hats = await createCategory(stack, admin, 'Hats');
    const coat = await createProduct(stack, admin, coats, { name: 'Pea coat', price: 90 });
    const hat = await createProduct(stack, admin, hats, { name: 'Bucket hat', price: 15 });
    const orphan = await createProduct(stack, admin, hats, { name: 'Orphan beret', price: 20 });
    // A category can only be deleted through the API when it is empty; a product left behind by another
    // writer (an import, an older version) must still answer.
    const db = stack.app.get<Connection>(getConnectionToken());
    const gone = await db.collection('categories').insertOne({ name: 'Gone', nameKey: 'gone', slug: 'gone' });
    await db.collection('products').updateOne({ _id: new Types.ObjectId(orphan._id) }, { $set: { category: gone.insertedId } });
    await db.collection('categories').deleteOne({ _id: gone.insertedId });
    const odd = await createProduct(stack, admin, hats, { name: 'Odd cap', price: 9 });
    await db.collection('products').updateOne({ _id: new Types.ObjectId(odd._id) }, { $set: { category: hats } });

    const expected = { [coat._id]: { _id: coats, name: 'Coats' }, [hat._id]: { _id: hats, name: 'Hats' }, [orphan._id]: null, [odd._id]: null };
    const listed = await stack.http().get('/api/products?pageSize=100').expect(200);
    const filtered = await stack
      .http()
      .post('/api/products/filtered-products')
      .send({ checked: [coats, hats], radio: [] })
      .expect(200);
    const byFilter = Object.fromEntries((filtered.body as P[]).map((p) => [p._id, p.category]));
    expect(byFilter).toEqual({ [coat._id]: expected[coat._id], [hat._id]: expected[hat._id] });
    const byList = Object.fromEntries((listed.body as P[]).filter((p) => p._id in expected).map((p) => [p._id, p.category]));
    expect(byList).toEqual(expected);
    expect((await stack.http().get(`/api/products/${orphan._id}`).expect(200)).body.category).toBeNull();
    expect((await stack.http().get(`/api/products/${coat._id}`).expect(200)).body.category).toEqual({ _id: coats, name: 'Coats' });
  });

  it('gives one product with its reviews; malformed and unknown ids answer 404', async () => {
    const p = await createProduct(stack, admin, tops, { name: 'Detail tee' });
    const res = await stack.http().get(`/api/products/${p._id}`);
    expect(res.status).toBe(200);
    expect(res.body.reviews).toEqual([]);
    for (const path of [
      '/api/products/not-an-id',
      '/api/products/665f1c2e9d1e8a0012345678',
      '/api/products/abc/similar',
      "/api/products/{'$gt':''}",
    ]) {
      const missing = await stack.http().get(path);
      expect(missing.status).toBe(404);
    }
    expect((await stack.http().put('/api/products/zzz').set('Authorization', admin.bearer).send({ name: 'x' })).status).toBe(404);
    expect((await stack.http().delete('/api/products/zzz').set('Authorization', admin.bearer)).status).toBe(404);
  });

  it('lets a distributor change and delete only its own products (403 otherwise); customers cannot create', async () => {
    const mine = await createProduct(stack, distributor, tops, { name: 'Mine' });
    const theirs = await createProduct(stack, otherDistributor, tops, { name: 'Theirs' });

    const edit = await stack.http().put(`/api/products/${theirs._id}`).set('Authorization', distributor.bearer).send({ name: 'Hijacked' });
    expect(edit.status).toBe(403);
    expect((await stack.http().delete(`/api/products/${theirs._id}`).set('Authorization', distributor.bearer)).status).toBe(403);

    const ok = await stack
      .http()
      .put(`/api/products/${mine._id}`)
      .set('Authorization', distributor.bearer)
      .send({ name: 'Mine, renamed', price: 9.5 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Mine, renamed', price: 9.5, status: 'pending' });

    const multipart = await stack
      .http()
      .put(`/api/products/${mine._id}`)
      .set('Authorization', distributor.bearer)
      .field('countInStock', '4')
      .attach('image', await pngImage(), 'new.png');
    expect(multipart.status).toBe(200);
    expect(multipart.body.countInStock).toBe(4);
    expect(multipart.body.image).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);

    const list = await stack.http().get('/api/products/mine').set('Authorization', distributor.bearer);
    expect(list.status).toBe(200);
    expect(list.body.map((p: P) => p.name)).toContain('Mine, renamed');
    expect(list.body.map((p: P) => p.name)).not.toContain('Theirs');
    expect((await stack.http().get('/api/products/mine').set('Authorization', customer.bearer)).status).toBe(403);

    const byAdmin = await stack.http().put(`/api/products/${theirs._id}`).set('Authorization', admin.bearer).send({ isSpecial: true });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.isSpecial).toBe(true);

    const removed = await stack.http().delete(`/api/products/${mine._id}`).set('Authorization', distributor.bearer);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ name: 'Mine, renamed' });
    expect((await stack.http().get(`/api/products/${mine._id}`).set('Authorization', admin.bearer)).status).toBe(404);

    const denied = await stack.http().post('/api/products').set('Authorization', customer.bearer).send({ name: 'x' });
    expect(denied.status).toBe(403);
    expect((await stack.http().post('/api/products/add').send({ name: 'x' })).status).toBe(401);
  });

  it('takes only the documented query parameters: an unknown one (keyword, the old search synonym, included) answers 400 VALIDATION_FAILED', async () => {
    for (const [path, query] of [
      ['/api/products', { keyword: 'linen' }],
      ['/api/products', { q: 'linen' }],
      ['/api/products/top', { bogus: '1' }],
      ['/api/products/new', { page: '1' }],
      ['/api/products/offers', { bogus: '1' }],
    ] as const) {
      const res = await stack.http().get(path).query(query);
      expect({ path, query, status: res.status, code: res.body.code }).toEqual({ path, query, status: 400, code: 'VALIDATION_FAILED' });
    }
    const mine = await stack.http().get('/api/products/mine').query({ bogus: '1' }).set('Authorization', distributor.bearer);
    expect(mine.status).toBe(400);
    expect(mine.body.code).toBe('VALIDATION_FAILED');
    const similarTo = await createProduct(stack, admin, tops, { name: 'Similar anchor' });
    const similar = await stack.http().get(`/api/products/${similarTo._id}/similar`).query({ bogus: '1' });
    expect(similar.status).toBe(400);
    expect(similar.body.code).toBe('VALIDATION_FAILED');

    // The list's own parameters: a malformed category is refused, a bad sort answers INVALID_QUERY.
    const badCategory = await stack.http().get('/api/products').query({ category: 'nope' });
    expect(badCategory.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'category must be an id' });
    const twice = await stack.http().get('/api/products?search=a&search=b');
    expect(twice.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'search must be given once, as text' });
    expect((await stack.http().get('/api/products').query({ sort: '["password","ASC"]' })).body.code).toBe('INVALID_QUERY');
    const perPage = await stack.http().get('/api/products').query({ perPage: 1, category: tops });
    expect(perPage.status).toBe(200);
    expect(perPage.body).toHaveLength(1);
  });

  it('top, new, offers and similar take limit, a whole number from 1 to 50', async () => {
    const cat = await createCategory(stack, admin, 'Limits');
    const first = await createProduct(stack, admin, cat, { name: 'Limit one' });
    for (const name of ['Limit two', 'Limit three']) await createProduct(stack, admin, cat, { name, compareAtPrice: 99 });
    expect((await stack.http().get('/api/products/top').query({ limit: 2 }).expect(200)).body).toHaveLength(2);
    expect((await stack.http().get('/api/products/new').query({ limit: 1 }).expect(200)).body.map((p: P) => p.name)).toEqual(['Limit three']);
    expect((await stack.http().get('/api/products/offers').query({ limit: 1 }).expect(200)).body).toHaveLength(1);
    expect((await stack.http().get(`/api/products/${first._id}/similar`).query({ limit: 1 }).expect(200)).body).toHaveLength(1);
    for (const limit of ['0', '51', '2.5', 'ten']) {
      const refused = await stack.http().get('/api/products/top').query({ limit });
      expect({ limit, status: refused.status, body: refused.body }).toMatchObject({
        limit,
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'limit must be a whole number from 1 to 50' },
      });
    }
  });

  it('answers 404 PRODUCT_NOT_FOUND for a malformed product id on every product route', async () => {
    const get = await stack.http().get('/api/products/not-an-id');
    expect(get.status).toBe(404);
    expect(get.body).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    for (const [method, path, who] of [
      ['get', '/api/products/not-an-id/similar', undefined],
      ['put', '/api/products/not-an-id', admin],
      ['delete', '/api/products/not-an-id', admin],
      ['put', '/api/products/not-an-id/approve', admin],
      ['put', '/api/products/not-an-id/reject', admin],
      ['get', '/api/products/not-an-id/reviews/mine', customer],
      ['post', '/api/products/not-an-id/reviews', customer],
      ['delete', '/api/products/not-an-id/reviews/665f1c2e9d1e8a0012345678', admin],
    ] as const) {
      let req = stack.http()[method](path);
      if (who) req = req.set('Authorization', who.bearer);
      const res = method === 'get' || method === 'delete' ? await req : await req.send({ note: 'n', rating: 5, comment: 'c', name: 'x' });
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status: 404, code: 'PRODUCT_NOT_FOUND' });
    }
  });

  it('answers the spec calls GET /api/products/allProducts and POST /api/products/add (not deprecated), ahead of /api/products/:id', async () => {
    const png = await pngImage();
    const form = (path: string, name: string) =>
      stack
        .http()
        .post(path)
        .set('Authorization', admin.bearer)
        .field('name', name)
        .field('description', 'From a form')
        .field('price', '12.5')
        .field('category', tops)
        .field('brand', 'Threadline')
        .field('countInStock', '3')
        .attach('image', png, 'form.png');
    const legacy = await form('/api/products/add', 'Legacy form tee');
    expect(legacy.status).toBe(201);
    expect(legacy.headers.deprecation).toBeUndefined();
    expect(legacy.body).toMatchObject({ name: 'Legacy form tee', price: 12.5, countInStock: 3, status: 'published' });
    expect(legacy.body.image).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);
    // POST /api/products (the console's) takes the same form, and JSON.
    const current = await form('/api/products', 'Current form tee');
    expect(current.status).toBe(201);
    expect(current.body).toMatchObject({ name: 'Current form tee', price: 12.5, countInStock: 3, category: { _id: tops } });
    expect(current.body.image).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);
    expect((await stack.http().post('/api/products/add').set('Authorization', customer.bearer).field('name', 'x')).status).toBe(403);

    const listed = await stack.http().get('/api/products/allProducts').expect(200);
    expect(listed.headers.deprecation).toBeUndefined();
    expect((listed.body as P[]).map((p) => p.name)).toEqual(expect.arrayContaining(['Legacy form tee', 'Current form tee']));
    expect(listed.headers['x-total-count']).toBe(String(listed.body.length));
    const newestFirst = (listed.body as P[]).map((p) => p.createdAt as string);
    expect([...newestFirst].sort().reverse()).toEqual(newestFirst);
  });

  it('validates product input with the spec messages', async () => {
    const base = { name: 'Bad', description: 'd', brand: 'b', category: tops, image: 'https://x.example/a.jpg' };
    const neg = await stack
      .http()
      .post('/api/products')
      .set('Authorization', admin.bearer)
      .send({ ...base, price: -1 });
    expect(neg.status).toBe(400);
    expect(neg.body.message).toBe('Price must be positive');
    const qty = await stack
      .http()
      .post('/api/products')
      .set('Authorization', admin.bearer)
      .send({ ...base, price: 1, quantity: -2 });
    expect(qty.body.message).toBe('Quantity must be positive');
    const noImage = await stack
      .http()
      .post('/api/products')
      .set('Authorization', admin.bearer)
      .send({ ...base, image: undefined, price: 1 });
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toBe('Please upload an image.');
    const js = await stack
      .http()
      .post('/api/products')
      .set('Authorization', admin.bearer)
      .send({ ...base, price: 1, image: 'javascript:alert(1)' });
    expect(js.status).toBe(400);
    const unknownCategory = await stack
      .http()
      .post('/api/products')
      .set('Authorization', admin.bearer)
      .send({ ...base, price: 1, category: '665f1c2e9d1e8a0012345678' });
    expect(unknownCategory.status).toBe(400);
    const extra = await stack
      .http()
      .post('/api/products')
      .set('Authorization', admin.bearer)
      .send({ ...base, price: 1, rating: 5 });
    expect(extra.status).toBe(400);
  });
});
