import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

type P = { _id: string; name: string; price: number; rating: number };

/** The shop's sort control: POST /api/products/filtered-products with `sort`. */
describe('filtered-products sort (/api/products/filtered-products)', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let rack: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startTestStack();
    admin = await createAccount(stack, 'admin');
    const [ann, bob] = await Promise.all([createAccount(stack, 'customer'), createAccount(stack, 'customer')]);
    rack = await createCategory(stack, admin, 'Sort rack');
    // Created in this order: the last one is the newest.
    for (const [name, price] of [
      ['Sort coat', 120],
      ['Sort cap', 9.5],
      ['Sort shirt', 35],
      ['Sort scarf', 18],
    ] as const) {
      ids[name] = (await createProduct(stack, admin, rack, { name, price }))._id;
    }
    // Ratings through the review API: shirt 5, cap (4 + 2) / 2 = 3, coat 1, scarf none (0).
    const review = (who: TestAccount, name: string, rating: number) =>
      stack.http().post(`/api/products/${ids[name]}/reviews`).set('Authorization', who.bearer).send({ rating, comment: 'Sorted' }).expect(201);
    await review(ann, 'Sort shirt', 5);
    await review(ann, 'Sort cap', 4);
    await review(bob, 'Sort cap', 2);
    await review(ann, 'Sort coat', 1);
  });
  afterAll(() => stack?.stop());

  const filter = (body: Record<string, unknown>) =>
    stack
      .http()
      .post('/api/products/filtered-products')
      .send({ checked: [rack], radio: [], ...body });
  const namesOf = (body: unknown) => (body as P[]).map((p) => p.name);

  it('orders by newest (the default), price up, price down and top rated, paged or not', async () => {
    const newest = ['Sort scarf', 'Sort shirt', 'Sort cap', 'Sort coat'];
    expect(namesOf((await filter({}).expect(200)).body)).toEqual(newest);
    expect(namesOf((await filter({ sort: 'newest', page: 1 }).expect(200)).body)).toEqual(newest);

    const cheapest = await filter({ sort: 'price_asc', page: 1, pageSize: 12 }).expect(200);
    expect(namesOf(cheapest.body)).toEqual(['Sort cap', 'Sort scarf', 'Sort shirt', 'Sort coat']);
    expect((cheapest.body as P[]).map((p) => p.price)).toEqual([9.5, 18, 35, 120]);
    expect(cheapest.headers['x-total-count']).toBe('4');

    const dearest = await filter({ sort: 'price_desc' }).expect(200);
    expect(namesOf(dearest.body)).toEqual(['Sort coat', 'Sort shirt', 'Sort scarf', 'Sort cap']);

    const rated = await filter({ sort: 'top_rated', page: 1 }).expect(200);
    expect(namesOf(rated.body)).toEqual(['Sort shirt', 'Sort cap', 'Sort coat', 'Sort scarf']);
    expect((rated.body as P[]).map((p) => p.rating)).toEqual([5, 3, 1, 0]);
  });

  it('sorts within the filters and across pages (the second page continues the order)', async () => {
    const inRange = await filter({ sort: 'price_desc', radio: [10, 100] }).expect(200);
    expect(namesOf(inRange.body)).toEqual(['Sort shirt', 'Sort scarf']);
    const first = await filter({ sort: 'price_asc', page: 1, pageSize: 3 }).expect(200);
    const second = await filter({ sort: 'price_asc', page: 2, pageSize: 3 }).expect(200);
    expect([...namesOf(first.body), ...namesOf(second.body)]).toEqual(['Sort cap', 'Sort scarf', 'Sort shirt', 'Sort coat']);
  });

  it('refuses an unknown sort with 400 and names the allowed values', async () => {
    for (const sort of ['price', 'PRICE_ASC', '-price', { $gt: '' }, 1]) {
      const res = await filter({ sort }).expect(400);
      expect(res.body.message).toBe('sort must be one of newest, price_asc, price_desc, top_rated');
    }
  });
});
