/**
 * The console's product list at scale (issue #23, catalog): GET /api/products filters (stock level, status,
 * distributor, category, search) with sort and paging, and PATCH /api/products/bulk (publish, unpublish,
 * setCategory, delete) with its per-id results, auth and input checks.
 */
import { Types } from 'mongoose';
import { LOW_STOCK_THRESHOLD } from '../../apps/api/src/products/stock-levels';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

type P = { _id: string; name: string; status: string; countInStock: number; owner: string | null; category: { _id: string } | null };

describe('admin product list and bulk actions (/api/products, /api/products/bulk)', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let distributor: TestAccount;
  let customer: TestAccount;
  let shirts: string;
  let hats: string;

  const list = (query: Record<string, string>, who: TestAccount | null = admin) => {
    const req = stack.http().get('/api/products').query(query);
    return who ? req.set('Authorization', who.bearer) : req;
  };
  const names = (body: P[]) => body.map((p) => p.name);
  const bulk = (body: unknown, who: TestAccount | null = admin) => {
    const req = stack
      .http()
      .patch('/api/products/bulk')
      .send(body as object);
    return who ? req.set('Authorization', who.bearer) : req;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, distributor, customer] = await Promise.all([
      createAccount(stack, 'admin'),
      createAccount(stack, 'distributor'),
      createAccount(stack, 'customer'),
    ]);
    shirts = await createCategory(stack, admin, 'Shirts');
    hats = await createCategory(stack, admin, 'Hats');
    // Stock levels: sold out 0, low stock 1..5, in stock 6+.
    for (const [name, countInStock] of [
      ['Stock zero shirt', 0],
      ['Stock one shirt', 1],
      ['Stock five shirt', 5],
      ['Stock six shirt', 6],
      ['Stock forty shirt', 40],
    ] as const) {
      await createProduct(stack, admin, shirts, { name, countInStock });
    }
    await createProduct(stack, distributor, hats, { name: 'Stock two pending hat', countInStock: 2 });
  });
  afterAll(() => stack?.stop());

  describe('GET /api/products filters', () => {
    it('filters by stock level: sold_out is 0 units, low_stock 1 to 5, in_stock more than 5 (filter JSON or the stock parameter)', async () => {
      const sold = await list({ filter: JSON.stringify({ q: 'Stock', stock: 'sold_out' }) }).expect(200);
      expect(names(sold.body)).toEqual(['Stock zero shirt']);
      const low = await list({ filter: JSON.stringify({ q: 'Stock', stock: 'low_stock' }), sort: JSON.stringify(['countInStock', 'ASC']) }).expect(
        200,
      );
      expect(names(low.body)).toEqual(['Stock one shirt', 'Stock two pending hat', 'Stock five shirt']);
      expect(low.headers['x-total-count']).toBe('3');
      const plenty = await list({ search: 'Stock', stock: 'in_stock', sort: '-countInStock' }).expect(200);
      expect(names(plenty.body)).toEqual(['Stock forty shirt', 'Stock six shirt']);
    });

    it("the dashboard's low-stock list uses the stock filter's threshold (5 is low, 6 is not)", async () => {
      const stats = await stack.http().get('/api/orders/stats').set('Authorization', admin.bearer).expect(200);
      const low = stats.body.lowStockProducts as { name: string; countInStock: number }[];
      expect(low.map((p) => p.name)).toContain('Stock five shirt');
      expect(low.map((p) => p.name)).not.toContain('Stock six shirt');
      expect(low.every((p) => p.countInStock <= LOW_STOCK_THRESHOLD)).toBe(true);
    });

    it('answers 400 to an unknown stock level', async () => {
      const inFilter = await list({ filter: JSON.stringify({ stock: 'few' }) }).expect(400);
      expect(inFilter.body).toMatchObject({ code: 'INVALID_QUERY', message: 'filter stock must be one of in_stock, low_stock, sold_out' });
      const asParam = await list({ stock: 'few' }).expect(400);
      expect(asParam.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'stock must be one of in_stock, low_stock, sold_out' });
    });

    it('combines status, distributor (owner), category, stock and search for admins, with paging', async () => {
      const pending = await list({
        filter: JSON.stringify({ status: 'pending', owner: distributor.id, category: hats, stock: 'low_stock', q: 'hat' }),
      }).expect(200);
      expect(names(pending.body)).toEqual(['Stock two pending hat']);
      const page2 = await list({
        filter: JSON.stringify({ q: 'Stock', category: shirts }),
        sort: JSON.stringify(['countInStock', 'DESC']),
        page: '2',
        perPage: '2',
      }).expect(200);
      expect(names(page2.body)).toEqual(['Stock five shirt', 'Stock one shirt']);
      expect(page2.headers['x-total-count']).toBe('5');
      expect(page2.headers['content-range']).toBe('products 2-3/5');
    });

    it('keeps guests to published products whatever the stock filter', async () => {
      const low = await list({ filter: JSON.stringify({ q: 'Stock', stock: 'low_stock' }) }, null).expect(200);
      expect(names(low.body).sort()).toEqual(['Stock five shirt', 'Stock one shirt']);
    });
  });

  describe('PATCH /api/products/bulk', () => {
    it('answers 401 to a guest and 403 ADMIN_ONLY to a distributor or a customer', async () => {
      const body = { ids: [new Types.ObjectId().toHexString()], action: 'publish' };
      expect((await bulk(body, null).expect(401)).body.code).toBe('NOT_AUTHENTICATED');
      expect((await bulk(body, distributor).expect(403)).body.code).toBe('ADMIN_ONLY');
      expect((await bulk(body, customer).expect(403)).body.code).toBe('ADMIN_ONLY');
    });

    it.each([
      ['no ids', { ids: [], action: 'publish' }, 'ids must name at least one product'],
      [
        'more than 100 ids',
        { ids: Array.from({ length: 101 }, () => new Types.ObjectId().toHexString()), action: 'publish' },
        'At most 100 products at a time',
      ],
      ['a malformed id', { ids: ['not-an-id'], action: 'publish' }, 'ids must be a list of product ids'],
      ['a repeated id', { ids: ['665f1c2e9d1e8a0012345678', '665f1c2e9d1e8a0012345678'], action: 'publish' }, 'ids must not repeat'],
      [
        'an unknown action',
        { ids: ['665f1c2e9d1e8a0012345678'], action: 'archive' },
        'action must be one of publish, unpublish, setCategory, delete',
      ],
      ['setCategory without a category', { ids: ['665f1c2e9d1e8a0012345678'], action: 'setCategory' }, 'category must be a category id'],
      [
        'a category with publish',
        { ids: ['665f1c2e9d1e8a0012345678'], action: 'publish', category: '665f1c2e9d1e8a0012345678' },
        'category is only for setCategory',
      ],
    ])('answers 400 VALIDATION_FAILED to %s', async (_what, body, message) => {
      const res = await bulk(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    });

    it('answers 400 CATEGORY_NOT_FOUND to an unknown category and changes nothing', async () => {
      const p = await createProduct(stack, admin, shirts, { name: 'Unmoved shirt' });
      const res = await bulk({ ids: [p._id], action: 'setCategory', category: new Types.ObjectId().toHexString() }).expect(400);
      expect(res.body.code).toBe('CATEGORY_NOT_FOUND');
      const after = await stack.http().get(`/api/products/${p._id}`).set('Authorization', admin.bearer).expect(200);
      expect(after.body.category._id).toBe(shirts);
    });

    it('publishes pending and draft products, reports an unknown id, and the shop then lists them', async () => {
      const pending = await createProduct(stack, distributor, hats, { name: 'Bulk pending cap' });
      const draft = (
        await stack
          .http()
          .post('/api/products')
          .set('Authorization', admin.bearer)
          .send({
            name: 'Bulk draft cap',
            description: 'Draft.',
            price: 10,
            brand: 'B',
            countInStock: 3,
            image: 'https://cdn.example.com/c.jpg',
            category: hats,
            status: 'draft',
          })
          .expect(201)
      ).body as P;
      expect([pending.status, draft.status]).toEqual(['pending', 'draft']);
      const before = await list({ search: 'Bulk' }, null).expect(200);
      expect(names(before.body)).toEqual([]);

      const unknown = new Types.ObjectId().toHexString();
      const res = await bulk({ ids: [pending._id, unknown, draft._id], action: 'publish' }).expect(200);
      expect(res.body).toEqual({
        action: 'publish',
        succeeded: 2,
        failed: 1,
        results: [
          { id: pending._id, ok: true, status: 'published', code: null, message: null },
          { id: unknown, ok: false, status: null, code: 'PRODUCT_NOT_FOUND', message: 'Product not found' },
          { id: draft._id, ok: true, status: 'published', code: null, message: null },
        ],
      });
      const after = await list({ search: 'Bulk' }, null).expect(200);
      expect(names(after.body).sort()).toEqual(['Bulk draft cap', 'Bulk pending cap']);

      const unpublished = await bulk({ ids: [draft._id], action: 'unpublish' }).expect(200);
      expect(unpublished.body.results).toEqual([{ id: draft._id, ok: true, status: 'draft', code: null, message: null }]);
      expect(names((await list({ search: 'Bulk' }, null).expect(200)).body)).toEqual(['Bulk pending cap']);
      const drafts = await list({ filter: JSON.stringify({ q: 'Bulk', status: 'draft' }) }).expect(200);
      expect(names(drafts.body)).toEqual(['Bulk draft cap']);
    });

    it('moves products to another category', async () => {
      const a = await createProduct(stack, admin, shirts, { name: 'Moving shirt A' });
      const b = await createProduct(stack, admin, shirts, { name: 'Moving shirt B' });
      const res = await bulk({ ids: [a._id, b._id], action: 'setCategory', category: hats }).expect(200);
      expect(res.body).toMatchObject({ action: 'setCategory', succeeded: 2, failed: 0 });
      expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['published', 'published']);
      const inHats = await list({ filter: JSON.stringify({ q: 'Moving', category: hats }) }).expect(200);
      expect(names(inHats.body).sort()).toEqual(['Moving shirt A', 'Moving shirt B']);
    });

    it('deletes products; a second delete reports them not found', async () => {
      const a = await createProduct(stack, admin, shirts, { name: 'Doomed shirt A' });
      const b = await createProduct(stack, distributor, hats, { name: 'Doomed hat B' });
      const res = await bulk({ ids: [a._id, b._id], action: 'delete' }).expect(200);
      expect(res.body).toMatchObject({ action: 'delete', succeeded: 2, failed: 0 });
      expect(res.body.results).toEqual([
        { id: a._id, ok: true, status: null, code: null, message: null },
        { id: b._id, ok: true, status: null, code: null, message: null },
      ]);
      await stack.http().get(`/api/products/${a._id}`).set('Authorization', admin.bearer).expect(404);
      const again = await bulk({ ids: [a._id], action: 'delete' }).expect(200);
      expect(again.body).toMatchObject({ succeeded: 0, failed: 1, results: [{ id: a._id, ok: false, code: 'PRODUCT_NOT_FOUND' }] });
    });
  });
});
