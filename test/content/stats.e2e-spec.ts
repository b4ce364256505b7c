import { Types } from 'mongoose';
import { ProductsRepository, type NewProduct } from '@shop/database';
import { createAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('contributors statistics', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('lists each distributor with published products, weighted average rating, review count and join date, sorted by products, without e-mail', async () => {
    const [big, small, idle] = await Promise.all([
      createAccount(stack, 'distributor'),
      createAccount(stack, 'distributor'),
      createAccount(stack, 'distributor'),
    ]);
    const customer = await createAccount(stack);
    const category = new Types.ObjectId();
    let n = 0;
    const product = (owner: string, status: NewProduct['status'], rating: number, numReviews: number): NewProduct => ({
      name: `P${++n}`,
      slug: `p-${n}`,
      description: 'd',
      priceCents: 1000,
      category,
      brand: 'B',
      quantity: 1,
      countInStock: 1,
      image: '/api/images/0123456789abcdef01234567',
      status,
      owner: new Types.ObjectId(owner),
      rating,
      numReviews,
    });
    await stack.app
      .get(ProductsRepository)
      .insertMany([
        product(big.id, 'published', 5, 1),
        product(big.id, 'published', 4, 3),
        product(big.id, 'published', 0, 0),
        product(big.id, 'draft', 1, 10),
        product(small.id, 'published', 3, 2),
        product(small.id, 'rejected', 5, 5),
        product(customer.id, 'published', 5, 5),
      ]);

    const res = await stack.http().get('/api/stats/contributors').expect(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([big.id, small.id, idle.id]);
    expect(res.body[0]).toEqual({
      _id: big.id,
      id: big.id,
      storeName: expect.stringMatching(/^Store /),
      publishedProducts: 3,
      averageRating: 4.25,
      reviewCount: 4,
      joinedAt: expect.any(String),
    });
    expect(res.body[1]).toEqual(expect.objectContaining({ publishedProducts: 1, averageRating: 3, reviewCount: 2 }));
    expect(res.body[2]).toEqual(expect.objectContaining({ publishedProducts: 0, averageRating: 0, reviewCount: 0 }));
    expect(Number.isNaN(Date.parse(res.body[0].joinedAt))).toBe(false);

    const text = JSON.stringify(res.body);
    expect(text).not.toContain('@');
    for (const account of [big, small, idle]) expect(text).not.toContain(account.email);
    for (const c of res.body)
      expect(Object.keys(c).sort()).toEqual(['_id', 'averageRating', 'id', 'joinedAt', 'publishedProducts', 'reviewCount', 'storeName']);

    const page = await stack.http().get('/api/stats/contributors?page=2&pageSize=1').expect(200);
    expect(page.body.map((c: { id: string }) => c.id)).toEqual([small.id]);
    expect(page.headers['content-range']).toBe('contributors 1-1/3');
    const perPage = await stack.http().get('/api/stats/contributors?page=3&perPage=1').expect(200);
    expect(perPage.body.map((c: { id: string }) => c.id)).toEqual([idle.id]);
  });

  it('takes paging only: an unknown parameter, a sort or a filter answers 400 VALIDATION_FAILED, bad paging INVALID_QUERY', async () => {
    for (const query of ['bogus=1', 'sort=publishedProducts', 'filter=%7B%7D']) {
      const res = await stack.http().get(`/api/stats/contributors?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_FAILED' });
    }
    const badRange = await stack.http().get('/api/stats/contributors?range=%5B3,1%5D');
    expect(badRange.status).toBe(400);
    expect(badRange.body.code).toBe('INVALID_QUERY');
  });
});
