import { getConnectionToken } from '@nestjs/mongoose';
import Redis from 'ioredis';
import { Types, type Connection } from 'mongoose';
import { SearchIndexService } from '../../apps/api/src/search/search-index.service';
import { createAccount, createCategory, createProduct, type TestAccount } from '../support/fixtures';
import { until } from '../support/polling';
import { startTestStack, type TestStack } from '../support/test-stack';

interface Hit {
  _id: string;
  name: string;
}
interface Facet {
  value: string;
  label: string;
  count: number;
}
interface Answer {
  hits: Hit[];
  total: number;
  facets: Record<'category' | 'brand' | 'size' | 'colour' | 'price' | 'inStock', Facet[]>;
  suggestion: string | null;
  popular: Hit[];
}

const sizes = (list: Array<[string, string, number]>) =>
  list.map(([size, colour, countInStock], i) => ({ sku: `SKU-${size}-${colour}-${i}`, size, colour, countInStock }));

describe('search (GET /api/search): relevance, facets, suggestions, synonyms and misses', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let shoes: string;
  let coats: string;

  const search = async (query: Record<string, string | number | boolean | string[]>): Promise<Answer> =>
    (await stack.http().get('/api/search').query(query).expect(200)).body as Answer;
  const names = (answer: Answer) => answer.hits.map((h) => h.name);

  beforeAll(async () => {
    stack = await startTestStack();
    admin = await createAccount(stack, 'admin');
    shoes = await createCategory(stack, admin, 'Shoes');
    coats = await createCategory(stack, admin, 'Coats');
    await createProduct(stack, admin, shoes, {
      name: 'Leather Chelsea Boots',
      brand: 'Maison Vale',
      price: 180,
      variants: sizes([
        ['40', 'Chestnut', 0],
        ['41', 'Chestnut', 3],
      ]),
    });
    await createProduct(stack, admin, shoes, {
      name: 'Hiking Boots',
      brand: 'Alpine Co.',
      description: 'Waterproof nubuck with a leather lining.',
      price: 150,
      variants: sizes([
        ['40', 'Stone', 2],
        ['42', 'Stone', 1],
      ]),
    });
    await createProduct(stack, admin, shoes, {
      name: 'Court Sneakers',
      brand: 'Stride Lab',
      price: 90,
      variants: sizes([
        ['40', 'White', 4],
        ['41', 'White', 0],
      ]),
    });
    await createProduct(stack, admin, coats, {
      name: 'Wool Overcoat',
      brand: 'Alpine Co.',
      price: 240,
      variants: sizes([
        ['M', 'Charcoal', 2],
        ['L', 'Camel', 1],
      ]),
    });
    await createProduct(stack, admin, coats, {
      name: 'Denim Trucker Jacket',
      brand: 'Urban Thread',
      price: 85,
      variants: sizes([['M', 'Light wash', 5]]),
    });
  });
  afterAll(() => stack?.stop());

  it('finds every word in any order, forgives typos, matches prefixes, and ranks the name first', async () => {
    expect(names(await search({ q: 'boots leather' }))).toEqual(['Leather Chelsea Boots', 'Hiking Boots']);
    expect(names(await search({ q: 'lether boots' }))[0]).toBe('Leather Chelsea Boots');
    expect(names(await search({ q: 'denim jack' }))).toEqual(['Denim Trucker Jacket']);
    expect(names(await search({ q: 'trainers' }))).toEqual(['Court Sneakers']);
    // The other orders still work with a query.
    expect(names(await search({ q: 'boots', sort: 'price_asc' }))).toEqual(['Hiking Boots', 'Leather Chelsea Boots']);
  });

  it('counts each facet value as the number of products choosing it gives', async () => {
    const all = await search({ q: 'boots' });
    expect(all.total).toBe(2);
    expect(all.facets.size).toEqual([
      { value: '40', label: '40', count: 2 },
      { value: '41', label: '41', count: 1 },
      { value: '42', label: '42', count: 1 },
    ]);
    expect(all.facets.brand.map((f) => [f.value, f.count])).toEqual([
      ['Alpine Co.', 1],
      ['Maison Vale', 1],
    ]);
    expect(all.facets.price.map((f) => [f.value, f.count])).toEqual([['100-200', 2]]);
    // In stock in size 40: the Chelsea boots' 40 is sold out.
    const stocked40 = await search({ q: 'boots', size: '40', inStock: true });
    expect(names(stocked40)).toEqual(['Hiking Boots']);
    expect(stocked40.facets.size.find((f) => f.value === '40')?.count).toBe(1);
    // Sizes are counted without their own filter: choosing 41 as well would give both.
    expect(stocked40.facets.size.find((f) => f.value === '41')?.count).toBe(1);
    // Two values of one facet: either; two facets: both.
    expect((await search({ category: [shoes, coats], brand: 'Alpine Co.' })).total).toBe(2);
    const coatsOnly = await search({ category: coats });
    expect(coatsOnly.facets.category.map((f) => [f.label, f.count])).toEqual([
      ['Coats', 2],
      ['Shoes', 3],
    ]);
    expect(names(await search({ minPrice: 100, maxPrice: 200 }))).toEqual(expect.arrayContaining(['Leather Chelsea Boots', 'Hiking Boots']));
  });

  it('suggests a correction and offers popular products when nothing matches; the console lists the misses', async () => {
    const zero = await search({ q: 'jakcet' });
    expect(zero.total).toBe(0);
    expect(zero.suggestion).toBe('jacket');
    expect(zero.popular.length).toBeGreaterThan(0);
    await search({ q: 'raincoat' });
    await search({ q: 'Raincoat' });
    const misses = await until(
      async () => {
        const res = await stack.http().get('/api/search/misses').set('Authorization', admin.bearer).expect(200);
        const found = (res.body.items as Array<{ query: string; count: number }>).find((m) => m.query === 'raincoat');
        return found && found.count === 2 ? res.body : undefined;
      },
      3000,
      'the two raincoat misses',
    );
    expect(misses.items[0]).toMatchObject({ query: 'raincoat', count: 2 });
    await stack.http().get('/api/search/misses').expect(401);
  });

  it('uses the synonyms the owner saves', async () => {
    expect((await search({ q: 'kicks' })).total).toBe(0);
    const current = await stack.http().get('/api/search/synonyms').set('Authorization', admin.bearer).expect(200);
    expect(current.body.groups).toEqual(expect.arrayContaining([expect.arrayContaining(['tee', 't-shirt'])]));
    await stack
      .http()
      .put('/api/search/synonyms')
      .set('Authorization', admin.bearer)
      .send({ groups: [...current.body.groups, ['kicks', 'sneakers']] })
      .expect(200);
    expect(names(await search({ q: 'kicks' }))).toEqual(['Court Sneakers']);
    const bad = await stack
      .http()
      .put('/api/search/synonyms')
      .set('Authorization', admin.bearer)
      .send({ groups: [['lonely']] })
      .expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses malformed filters with a clear message', async () => {
    const res = await stack.http().get('/api/search').query({ category: 'nope', pageSize: 500 }).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.body)).toContain('pageSize must be a whole number from 1 to 100');
    const prices = await stack.http().get('/api/search').query({ minPrice: 50, maxPrice: 10 }).expect(400);
    expect(prices.body.message).toBe('minPrice must not be above maxPrice');
  });
});

describe('search on two API instances: a change on one is searchable on the other within a second', () => {
  let a: TestStack;
  let b: TestStack;
  let admin: TestAccount;
  let category: string;

  beforeAll(async () => {
    a = await startTestStack();
    b = await startTestStack({ env: { MONGODB_URI: a.config.mongodbUri, MONGODB_DB: a.config.mongodbDbName, REDIS_PREFIX: a.config.redisPrefix } });
    admin = await createAccount(a, 'admin');
    category = await createCategory(a, admin, 'Knitwear');
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  /** Waits (at most a second) until b's search for the text gives these names. */
  const onB = (q: string, expected: string[]) =>
    until(
      async () => {
        const names = ((await b.http().get('/api/search').query({ q }).expect(200)).body as Answer).hits.map((h) => h.name);
        return JSON.stringify(names) === JSON.stringify(expected) ? names : undefined;
      },
      1000,
      `b to find ${JSON.stringify(expected)} for "${q}"`,
      20,
    );

  it('adds, renames and deletes', async () => {
    const created = await createProduct(a, admin, category, { name: 'Fisherman Cardigan' });
    // Read-your-writes on the instance that wrote.
    expect(((await a.http().get('/api/search').query({ q: 'fisherman' }).expect(200)).body as Answer).hits.map((h) => h.name)).toEqual([
      'Fisherman Cardigan',
    ]);
    await onB('fisherman', ['Fisherman Cardigan']);

    await a.http().put(`/api/products/${created._id}`).set('Authorization', admin.bearer).send({ name: 'Harbour Cardigan' }).expect(200);
    await onB('harbour', ['Harbour Cardigan']);
    await onB('fisherman', []);

    await a.http().delete(`/api/products/${created._id}`).set('Authorization', admin.bearer).expect(200);
    await onB('harbour', []);
  });

  it("hears another process's write through Redis pub/sub, and publishes its own", async () => {
    const created = await createProduct(a, admin, category, { name: 'Merino Pullover' });
    await onB('merino', ['Merino Pullover']);
    // Both instances live in this process and hear each other's writes in-process; a write by another process
    // reaches them only through Redis. Written straight to the database, no hook announces it here.
    const channel = `${a.config.redisPrefix}:search-changed`;
    const listener = new Redis(a.config.redisUrl);
    const heard: string[] = [];
    try {
      await listener.subscribe(channel);
      listener.on('message', (_c: string, body: string) => heard.push(body));
      const db = b.app.get<Connection>(getConnectionToken());
      await db
        .collection('products')
        .updateOne({ _id: new Types.ObjectId(created._id) }, { $set: { name: 'Alpaca Pullover', updatedAt: new Date() } });
      const publisher = new Redis(a.config.redisUrl);
      await publisher.publish(channel, 'another-instance');
      publisher.disconnect();
      await onB('alpaca', ['Alpaca Pullover']);
      // This instance's own writes are published for the others.
      await a.http().put(`/api/products/${created._id}`).set('Authorization', admin.bearer).send({ name: 'Cashmere Pullover' }).expect(200);
      await until(async () => (heard.length > 1 ? true : undefined), 1000, 'the search-changed message');
    } finally {
      listener.disconnect();
    }
  });

  it('reports the index size and lag in /api/health/ready', async () => {
    const ready = await b.http().get('/api/health/ready').expect(200);
    expect(ready.body.search).toEqual({ size: b.app.get(SearchIndexService).state().size, lagMs: expect.any(Number), loaded: true });
  });
});
