import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('categories (/api/category)', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, customer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack, 'customer')]);
  });
  afterAll(() => stack?.stop());

  it('creates, lists, reads, renames and deletes a category; responses carry name', async () => {
    const created = await stack.http().post('/api/category').set('Authorization', admin.bearer).send({ name: '  Jackets ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Jackets', slug: 'jackets' });
    expect(created.body.id).toBe(created.body._id);
    const id = created.body._id as string;

    const plain = await stack.http().get('/api/category/categories');
    expect(plain.status).toBe(200);
    expect(plain.body.map((c: { name: string }) => c.name)).toContain('Jackets');

    const one = await stack.http().get(`/api/category/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.name).toBe('Jackets');

    const renamed = await stack.http().put(`/api/category/${id}`).set('Authorization', admin.bearer).send({ name: 'Coats' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Coats');

    const deleted = await stack.http().delete(`/api/category/${id}`).set('Authorization', admin.bearer);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ name: 'Coats', message: 'Coats is deleted.' });
    expect((await stack.http().get(`/api/category/${id}`)).status).toBe(404);
  });

  it('answers the list conventions with X-Total-Count and Content-Range', async () => {
    for (const name of ['Hats', 'Hoodies', 'Scarves']) await createCategory(stack, admin, name);
    const res = await stack.http().get('/api/category').query({ range: '[0,1]', sort: '["name","ASC"]', filter: '{"q":"h"}' });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['content-range']).toBe('category 0-1/2');
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Hats', 'Hoodies']);
    const bad = await stack.http().get('/api/category').query({ filter: '{"name":{"$ne":null}}' });
    expect(bad.status).toBe(400);
  });

  it('keeps names unique ignoring case (409), on create and on rename', async () => {
    await createCategory(stack, admin, 'Shoes');
    const clash = await stack.http().post('/api/category').set('Authorization', admin.bearer).send({ name: 'SHOES' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('A category with this name already exists');
    const other = await createCategory(stack, admin, 'Boots');
    const renameClash = await stack.http().put(`/api/category/${other}`).set('Authorization', admin.bearer).send({ name: 'shoes' });
    expect(renameClash.status).toBe(409);
  });

  it('refuses an empty name with the spec message', async () => {
    const res = await stack.http().post('/api/category').set('Authorization', admin.bearer).send({ name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Category name is required');
  });

  it('refuses to delete a category that still has products (409, naming it and how many)', async () => {
    const id = await createCategory(stack, admin, 'Socks');
    await createProduct(stack, admin, id, { name: 'Wool socks' });
    const res = await stack.http().delete(`/api/category/${id}`).set('Authorization', admin.bearer);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CATEGORY_IN_USE', message: 'Socks has 1 product: move or delete it first' });
    await createProduct(stack, admin, id, { name: 'Cotton socks' });
    const again = await stack.http().delete(`/api/category/${id}`).set('Authorization', admin.bearer).expect(409);
    expect(again.body.message).toBe('Socks has 2 products: move or delete them first');
    expect((await stack.http().get(`/api/category/${id}`)).status).toBe(200);
  });

  it("tells admins each category's product count (every status), before any delete is tried; guests do not get it", async () => {
    const shoes = await createCategory(stack, admin, 'Counted shoes');
    const empty = await createCategory(stack, admin, 'Counted empty');
    await createProduct(stack, admin, shoes, { name: 'Runner' });
    await createProduct(stack, admin, shoes, { name: 'Loafer' });
    const boot = await createProduct(stack, admin, shoes, { name: 'Draft boot' });
    await stack.app
      .get<Connection>(getConnectionToken())
      .collection('products')
      .updateOne({ _id: new Types.ObjectId(boot._id) }, { $set: { status: 'draft' } });
    const filter = JSON.stringify({ q: 'Counted' });
    const forAdmin = await stack.http().get('/api/category').query({ filter }).set('Authorization', admin.bearer).expect(200);
    expect(forAdmin.body.map((c: { name: string; productCount: number }) => [c.name, c.productCount])).toEqual([
      ['Counted empty', 0],
      ['Counted shoes', 3],
    ]);
    expect((await stack.http().get(`/api/category/${shoes}`).set('Authorization', admin.bearer).expect(200)).body.productCount).toBe(3);
    expect((await stack.http().get(`/api/category/${empty}`).set('Authorization', admin.bearer).expect(200)).body.productCount).toBe(0);

    for (const who of [undefined, customer]) {
      const req = stack.http().get('/api/category').query({ filter });
      const res = await (who ? req.set('Authorization', who.bearer) : req).expect(200);
      expect(res.body.map((c: { productCount?: number }) => c.productCount)).toEqual([undefined, undefined]);
    }
  });

  it('lists the products of a category, published ones for the public', async () => {
    const id = await createCategory(stack, admin, 'Belts');
    await createProduct(stack, admin, id, { name: 'Leather belt' });
    const distributor = await createAccount(stack, 'distributor');
    await createProduct(stack, distributor, id, { name: 'Pending belt' });
    const res = await stack.http().get(`/api/category/${id}/products`);
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Leather belt']);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await stack.http().get('/api/category/nope/products')).status).toBe(404);
  });

  it('is for admins only when writing, and answers 404 for malformed or unknown ids', async () => {
    expect((await stack.http().post('/api/category').send({ name: 'Anon' })).status).toBe(401);
    expect((await stack.http().post('/api/category').set('Authorization', customer.bearer).send({ name: 'Cust' })).status).toBe(403);
    expect((await stack.http().get('/api/category/not-an-id')).status).toBe(404);
    expect((await stack.http().get('/api/category/665f1c2e9d1e8a0012345678')).status).toBe(404);
    expect((await stack.http().put('/api/category/665f1c2e9d1e8a0012345678').set('Authorization', admin.bearer).send({ name: 'X' })).status).toBe(
      404,
    );
    expect((await stack.http().delete('/api/category/zzz').set('Authorization', admin.bearer)).status).toBe(404);
  });

  it('answers 404 CATEGORY_NOT_FOUND for a malformed id on every category route', async () => {
    for (const [method, path] of [
      ['get', '/api/category/not-an-id'],
      ['get', '/api/category/not-an-id/products'],
      ['put', '/api/category/not-an-id'],
      ['delete', '/api/category/not-an-id'],
    ] as const) {
      const req = stack.http()[method](path).set('Authorization', admin.bearer);
      const res = method === 'put' ? await req.send({ name: 'Renamed' }) : await req;
      expect({ method, path, status: res.status, body: res.body }).toMatchObject({
        method,
        path,
        status: 404,
        body: { code: 'CATEGORY_NOT_FOUND', message: 'Category not found' },
      });
    }
  });

  it('takes only the documented query parameters (400 VALIDATION_FAILED otherwise); the products of a category are paged, not sorted', async () => {
    const id = await createCategory(stack, admin, 'Query rules');
    for (const name of ['First rule', 'Second rule', 'Third rule']) await createProduct(stack, admin, id, { name });
    for (const [path, query] of [
      ['/api/category', { bogus: '1' }],
      ['/api/category', { search: 'h' }],
      [`/api/category/${id}/products`, { bogus: '1' }],
      [`/api/category/${id}/products`, { sort: 'name' }],
    ] as const) {
      const res = await stack.http().get(path).query(query);
      expect({ path, query, status: res.status, code: res.body.code }).toEqual({ path, query, status: 400, code: 'VALIDATION_FAILED' });
    }
    const page = await stack.http().get(`/api/category/${id}/products`).query({ page: 2, perPage: 2 }).expect(200);
    expect(page.body.map((p: { name: string }) => p.name)).toEqual(['First rule']);
    expect(page.headers['content-range']).toBe('products 2-2/3');
    expect(
      (await stack.http().get(`/api/category/${id}/products`).query({ range: '[0,0]' }).expect(200)).body.map((p: { name: string }) => p.name),
    ).toEqual(['Third rule']);
    expect((await stack.http().get(`/api/category/${id}/products`).query({ page: 'x' })).body.code).toBe('INVALID_QUERY');
    const perPage = await stack.http().get('/api/category').query({ perPage: 1, sort: 'name' }).expect(200);
    expect(perPage.body).toHaveLength(1);
    expect((await stack.http().get('/api/category').query({ sort: 'slug' })).body.code).toBe('INVALID_QUERY');
  });

  it('answers the spec call GET /api/category/categories (every category by name, unpaged, not deprecated), ahead of /api/category/:id', async () => {
    for (const name of ['Zeta legacy', 'Alpha legacy']) await createCategory(stack, admin, name);
    const res = await stack.http().get('/api/category/categories').expect(200);
    expect(res.headers.deprecation).toBeUndefined();
    const listed = (res.body as { name: string }[]).map((c) => c.name);
    expect(listed).toEqual(expect.arrayContaining(['Alpha legacy', 'Zeta legacy']));
    expect([...listed].sort((a, b) => a.localeCompare(b))).toEqual(listed);
    const current = await stack.http().get('/api/category').query({ perPage: 100 }).expect(200);
    expect(res.body).toEqual(current.body);
  });
});
