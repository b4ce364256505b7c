import { Queue, type Job } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { SCHEDULED_JOBS } from '@shop/jobs';
import {
  call,
  cleanup,
  clearRedisPrefix,
  freePort,
  report,
  sameShopOtherPort,
  shopEnv,
  signIn,
  sleep,
  startApi,
  startEngine,
  startWorker,
  stopAll,
  tempDir,
  until,
  type ShopEnv,
} from './processes';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUYERS = 100;
const UNITS = 20;
const SWEEP_EVERY_MS = 1000;
const WINDOW_MS = 6000;
const ADDRESS = { fullName: 'Ann Smith', address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', phone: '+12015550123' };

/**
 * Several instances: two API processes and two worker processes (real processes, the built apps) on one
 * database (the engine CLI) and one Redis. Nothing an instance keeps for itself may change an answer: stock
 * is taken with conditional updates, public catalog answers are dropped on every instance when one of them
 * writes (Redis pub/sub), revoked tokens live in Redis, and the sweeps are BullMQ job schedulers, so each
 * interval gives one run however many workers are up.
 */
describe('resilience: two APIs and two workers share one database and one Redis', () => {
  const logs = tempDir('logs');
  const dbPath = tempDir('db');
  let shops: [ShopEnv, ShopEnv];
  let mongo: MongoClient;
  let maintenance: Queue;
  let admin: string;
  let category: string;

  const db = () => mongo.db('shop');
  const api = (i: number) => shops[i % 2];

  beforeAll(async () => {
    const enginePort = await freePort();
    await startEngine(enginePort, dbPath, logs);
    const uri = `mongodb://127.0.0.1:${enginePort}/shop`;
    // A catalog cache that would keep an answer for 10 minutes: what the other API shows at once after a write
    // comes from the broadcast, not from the cache running out. One JWT secret, as production requires.
    const first = await shopEnv(uri, REDIS_URL, {
      MONGODB_DB: 'shop',
      SWEEP_EVERY_MS: String(SWEEP_EVERY_MS),
      CATALOG_CACHE_TTL_MS: '600000',
      JWT_SECRET: randomBytes(32).toString('base64url'),
    });
    shops = [first, await sameShopOtherPort(first)];
    // Both APIs at once, as replicas behind a load balancer start: one creates the admin, the other finds it.
    await Promise.all([startApi(shops[0], logs), startApi(shops[1], logs)]);
    // Both workers at once: both register the sweep schedulers at the same moment.
    await Promise.all([startWorker(shops[0], logs), startWorker(shops[1], logs)]);

    mongo = await MongoClient.connect(uri);
    maintenance = new Queue('maintenance', { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix: `${first.env.REDIS_PREFIX}:bull` });
    admin = await signIn(shops[0].url, first.env.ADMIN_EMAIL as string, first.env.ADMIN_PASSWORD as string);
    const created = await call(shops[0].url, '/api/category', { method: 'POST', token: admin, body: { name: 'Coats' } });
    expect(created.status).toBe(201);
    category = String(created.body._id);
  }, 180_000);

  afterAll(async () => {
    await maintenance?.close();
    await mongo?.close();
    await stopAll();
    if (shops) await clearRedisPrefix(shops[0].env.REDIS_PREFIX as string, REDIS_URL);
    cleanup(dbPath, logs, shops?.[0].dataDir ?? '');
  });

  async function createProduct(name: string, countInStock: number): Promise<string> {
    const product = await call(shops[0].url, '/api/products', {
      method: 'POST',
      token: admin,
      body: { name, description: 'Warm.', price: 120, brand: 'Threadline', countInStock, image: 'https://cdn.example.com/coat.jpg', category },
    });
    expect(product.status).toBe(201);
    return String(product.body._id);
  }

  /** A customer signed up on one API (the answer carries a session token). */
  async function signUp(shop: ShopEnv, tag: string): Promise<string> {
    const email = `${tag}-${randomBytes(3).toString('hex')}@example.com`;
    const res = await call(shop.url, '/api/users', { method: 'POST', body: { username: tag, email, password: `pw-${tag}-long-enough` } });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }

  it(`${BUYERS} buyers spread over both APIs get exactly ${UNITS} orders for ${UNITS} units`, async () => {
    const productId = await createProduct('Last-units parka', UNITS);
    // Each buyer signs up and orders on one API and fills the cart on the other: no instance keeps a session or a cart.
    // Sign-ups ten at a time (each hashes a password, which is meant to be slow); the race itself is all at once.
    const buyers: string[] = [];
    for (let i = 0; i < BUYERS; i += 10)
      buyers.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => signUp(api(i + j), `buyer${i + j}`)))));
    const added = await Promise.all(
      buyers.map((token, i) => call(api(i + 1).url, '/api/cart', { method: 'POST', token, body: { productId, quantity: 1 } })),
    );
    expect(added.map((r) => r.status)).toEqual(Array(BUYERS).fill(201));

    const placed = await Promise.all(
      buyers.map((token, i) =>
        call(api(i).url, '/api/orders', { method: 'POST', token, body: { shippingAddress: ADDRESS, paymentMethod: 'cod' }, timeoutMs: 60_000 }),
      ),
    );
    const statuses = placed.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UNITS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - UNITS);

    const product = await db()
      .collection('products')
      .findOne({ _id: new ObjectId(productId) });
    expect(product?.countInStock).toBe(0);
    expect(product?.stockHolds ?? []).toEqual([]);
    expect(
      await db()
        .collection('orders')
        .countDocuments({ 'items.product': new ObjectId(productId) }),
    ).toBe(UNITS);
    const perApi = [0, 1].map((a) => placed.filter((r, i) => r.status === 201 && i % 2 === a).length);
    report(
      `two instances: ${BUYERS} buyers over 2 APIs for ${UNITS} units: ${UNITS} orders (${perApi.join(' + ')} per API), ${BUYERS - UNITS} refused with 409, stock 0, no hold left\n`,
    );
  }, 180_000);

  it("a catalog write on one API is seen at once in the other API's cached answers", async () => {
    const productId = await createProduct('Rain cape', 5);
    const nameOn = async (shop: ShopEnv) => (await call(shop.url, `/api/products/${productId}`)).body.name;
    // B answers and keeps the answer (a guest's GET of a product is a cached public answer).
    expect(await nameOn(shops[1])).toBe('Rain cape');
    // A change behind the API's back (no mongoose hook, so no broadcast): B still answers from its cache,
    // which proves the next answer would be stale without the broadcast.
    await db()
      .collection('products')
      .updateOne({ _id: new ObjectId(productId) }, { $set: { name: 'Rain cape (changed in the database)' } });
    expect(await nameOn(shops[1])).toBe('Rain cape');

    const written = await call(shops[0].url, `/api/products/${productId}`, { method: 'PUT', token: admin, body: { name: 'Storm cape' } });
    expect(written.status).toBe(200);
    const after = Date.now();
    // "At once": the broadcast reaches B within milliseconds; one second is far below the 10-minute TTL.
    await until(async () => ((await nameOn(shops[1])) === 'Storm cape' ? true : undefined), 1000, "the other API's fresh answer", 20);
    const seenAfterMs = Date.now() - after;
    // A's own answer was fresh too, and the list on B as well.
    expect(await nameOn(shops[0])).toBe('Storm cape');
    const list = (await call(shops[1].url, `/api/category/${category}/products`)).body as unknown as { _id: string; name: string }[];
    expect(list.find((p) => p._id === productId)?.name).toBe('Storm cape');
    report(`two instances: a product renamed on API A was answered renamed by API B ${seenAfterMs} ms later (cache TTL 10 min)\n`);
  }, 60_000);

  it('a product added, renamed and deleted on one API is found (or not) by search on the other within a second', async () => {
    const hits = async (shop: ShopEnv, q: string) =>
      ((await call(shop.url, `/api/search?q=${encodeURIComponent(q)}`)).body.hits as Array<{ name: string }>).map((h) => h.name);
    const within = async (q: string, expected: string[]) => {
      const started = Date.now();
      await until(
        async () => (JSON.stringify(await hits(shops[1], q)) === JSON.stringify(expected) ? true : undefined),
        1000,
        `API B's search for "${q}"`,
        20,
      );
      return Date.now() - started;
    };
    const productId = await createProduct('Shearling aviator', 3);
    const added = await within('shearling', ['Shearling aviator']);
    const renamed = await call(shops[0].url, `/api/products/${productId}`, { method: 'PUT', token: admin, body: { name: 'Sheepskin aviator' } });
    expect(renamed.status).toBe(200);
    const afterRename = await within('sheepskin', ['Sheepskin aviator']);
    expect(await hits(shops[1], 'shearling')).toEqual([]);
    const deleted = await call(shops[0].url, `/api/products/${productId}`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(200);
    const afterDelete = await within('sheepskin', []);
    const ready = await call(shops[1].url, '/api/health/ready');
    expect(ready.body.search).toMatchObject({ loaded: true, lagMs: expect.any(Number) });
    report(
      `two instances: search on API B found a product added on API A after ${added} ms, renamed after ${afterRename} ms, deleted after ${afterDelete} ms\n`,
    );
  }, 60_000);

  it('a logout on one API is honoured by the other', async () => {
    const token = await signUp(shops[0], 'leaver');
    expect((await call(shops[1].url, '/api/users/profile', { token })).status).toBe(200);
    expect((await call(shops[0].url, '/api/users/logout', { method: 'POST', token })).status).toBe(200);
    // The very next request on B, with no wait: the revocation is in Redis, which both read.
    expect((await call(shops[1].url, '/api/users/profile', { token })).status).toBe(401);
    expect((await call(shops[0].url, '/api/users/profile', { token })).status).toBe(401);
  }, 60_000);

  it('each sweep runs once per interval although two workers are up, and repairs what a crash left', async () => {
    // What an API killed between taking stock and storing the order leaves: units taken, a hold two minutes old.
    const productId = await createProduct('Crash-test scarf', 10);
    const orphan = new ObjectId();
    await db()
      .collection('products')
      .updateOne({ _id: new ObjectId(productId) }, {
        $inc: { countInStock: -3, quantity: -3 },
        $push: { stockHolds: { order: orphan, quantity: 3, at: new Date(Date.now() - 120_000) } },
      } as never);
    const repairedIn = Date.now();
    await until(
      async () => {
        const p = await db()
          .collection('products')
          .findOne({ _id: new ObjectId(productId) });
        return p?.countInStock === 10 && (p.stockHolds ?? []).length === 0 ? true : undefined;
      },
      5000,
      'the scheduled stock-hold sweep',
    );
    const repairMs = Date.now() - repairedIn;

    const from = Date.now();
    // eslint-disable-next-line no-restricted-syntax -- the measuring window: how many runs the schedulers give in 6 s of real time
    await sleep(WINDOW_MS);
    const to = from + WINDOW_MS;
    const listJobs = async () =>
      (await maintenance.getJobs(['completed', 'failed', 'active', 'wait', 'delayed', 'prioritized'], 0, -1)).filter((j): j is Job => Boolean(j));
    // The window's last runs finish: every run that started before its end has finished (or failed for good).
    const jobs = await until(
      async () => {
        const all = await listJobs();
        return all.every((j) => j.processedOn === undefined || j.processedOn >= to || j.finishedOn !== undefined) ? all : undefined;
      },
      15_000,
      "the window's last runs to finish",
      50,
    );
    const failed = await maintenance.getJobs(['failed'], 0, -1);
    expect(failed.map((j) => `${j.name}: ${j.failedReason}`)).toEqual([]);

    const counts: string[] = [];
    for (const name of SCHEDULED_JOBS) {
      const runs = jobs.filter((j) => j.name === name && j.processedOn !== undefined);
      // Each run is one slot of the scheduler ("repeat:<scheduler>:<slot ms>"): never two runs for one slot,
      // and consecutive slots a whole interval apart, for the whole life of the shop so far.
      const slots = runs.map((j) => Number(/^repeat:[^:]+:(\d+)$/.exec(String(j.id))?.[1])).sort((a, b) => a - b);
      expect(slots.every(Number.isFinite)).toBe(true);
      expect(new Set(slots).size).toBe(slots.length);
      for (let i = 1; i < slots.length; i += 1) expect(slots[i] - slots[i - 1]).toBeGreaterThanOrEqual(SWEEP_EVERY_MS);
      // About one run per interval within the window: never more than one per interval (two schedulers, one per
      // worker, would give about twelve), and at least half of them on a busy machine (a slot missed while the
      // workers were held up is skipped, not run twice later).
      const inWindow = runs.filter((j) => (j.processedOn as number) >= from && (j.processedOn as number) < to).length;
      expect(inWindow).toBeGreaterThanOrEqual(WINDOW_MS / SWEEP_EVERY_MS / 2);
      expect(inWindow).toBeLessThanOrEqual(WINDOW_MS / SWEEP_EVERY_MS + 1);
      // Every run that was finished is one attempt of its own, done by one worker.
      for (const run of runs.filter((j) => j.finishedOn !== undefined)) expect(run.attemptsMade).toBe(1);
      counts.push(`${name} ${inWindow}`);
    }
    // Exactly one scheduler per sweep, whatever the number of workers that registered it.
    const schedulers = await maintenance.getJobSchedulers(0, -1);
    expect(schedulers.map((s) => s.key).sort()).toEqual([...SCHEDULED_JOBS].sort());
    for (const scheduler of schedulers) expect(scheduler.every).toBe(SWEEP_EVERY_MS);
    report(
      `two instances: with 2 workers and SWEEP_EVERY_MS=${SWEEP_EVERY_MS}, runs in ${WINDOW_MS} ms: ${counts.join(', ')}; a stale stock hold was resolved ${repairMs} ms after it was planted\n`,
    );
  }, 60_000);
});
