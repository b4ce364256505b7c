import {
  call,
  cleanup,
  freePort,
  register,
  report,
  shopEnv,
  sleep,
  startApi,
  startWorker,
  startEngine,
  startRedis,
  stopAll,
  tempDir,
  until,
  type Proc,
  type Reply,
  type ShopEnv,
} from './processes';

/**
 * A private redis-server is stopped under traffic and started again on the same port and --dir. While it
 * is away, calls that need a queue answer 503 with a clear message, browsing keeps working, and once it is
 * back everything works again without restarting the API.
 */
describe('resilience: Redis is restarted under traffic', () => {
  const logs = tempDir('logs');
  const dbPath = tempDir('db');
  const redisDir = tempDir('redis');
  let shop: ShopEnv;
  let redis: Proc;

  afterAll(async () => {
    await stopAll();
    cleanup(dbPath, redisDir, shop?.dataDir ?? '');
  });

  it('answers 503 where a queue is needed, keeps browsing up, and recovers on its own', async () => {
    const enginePort = await freePort();
    const redisPort = await freePort();
    await startEngine(enginePort, dbPath, logs);
    redis = await startRedis(redisPort, redisDir, logs);
    shop = await shopEnv(`mongodb://127.0.0.1:${enginePort}/shop`, `redis://127.0.0.1:${redisPort}`, { SEED_DEMO: 'true', TRUST_PROXY_HOPS: '1' });
    const api = await startApi(shop, logs);
    // The worker fills the demo catalogue (a job the API queues at boot; GET /api/seed/status tells): wait for all of it.
    await startWorker(shop, logs);
    await until(
      async () => ((await call(shop.url, '/api/seed/status')).body.state === 'done' ? true : undefined),
      120_000,
      'the demo catalogue',
      250,
    );
    const customer = await register(shop.url, 'shopper');
    const products = await call(shop.url, '/api/products?page=1');
    expect(products.status).toBe(200);
    const productId = String((products.body as unknown as { _id: string }[])[0]._id);

    let n = 0;
    const contact = (): Promise<Reply> =>
      call(shop.url, '/api/contact', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${(n += 1) % 250}` },
        body: { name: 'Ann', email: 'ann@example.com', subject: 'Sizes', message: 'Do you have it in M?' },
        timeoutMs: 15_000,
      });
    const browse = async (): Promise<number[]> => {
      const replies = await Promise.all([
        call(shop.url, '/api/products?page=1'),
        call(shop.url, `/api/products/${productId}`),
        call(shop.url, '/api/products?search=shirt'),
        call(shop.url, '/api/category/categories'),
        call(shop.url, '/api/products/top'),
      ]);
      return replies.map((r) => r.status);
    };

    // Traffic in the background the whole time: browsing must never fail.
    const browseFailures: number[][] = [];
    let traffic = true;
    const background = (async () => {
      while (traffic) {
        const statuses = await browse();
        if (statuses.some((s) => s !== 200)) browseFailures.push(statuses);
        // eslint-disable-next-line no-restricted-syntax -- paces the background traffic (a request rate), it waits for no work
        await sleep(20);
      }
    })();

    expect((await contact()).status).toBe(201);
    await redis.stop();
    // The API has seen Redis go: its readiness names Redis and every queue's connection down.
    await until(
      async () => {
        const ready = await call(shop.url, '/api/health/ready');
        const checks = (ready.body.checks ?? {}) as Record<string, { status: string }>;
        const redisChecks = Object.entries(checks).filter(([name]) => name === 'redis' || name.startsWith('queue:'));
        return ready.status === 503 && redisChecks.length > 1 && redisChecks.every(([, state]) => state.status === 'down') ? true : undefined;
      },
      15_000,
      'the API to see Redis gone',
      50,
    );

    // Redis away: the queue calls answer 503 at once, with a message that says what to do.
    const started = Date.now();
    const refused = await contact();
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ statusCode: 503, message: 'Service temporarily unavailable, please retry', code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(5000);
    // A signed-in call needs the logout denylist (in Redis) to trust its token: 503 as well, never a guess.
    const cart = await call(shop.url, '/api/cart', { token: customer.token });
    expect(cart.status).toBe(503);
    // Browsing and search keep answering while Redis is away.
    expect(await browse()).toEqual([200, 200, 200, 200, 200]);
    // eslint-disable-next-line no-restricted-syntax -- the outage lasts: Redis stays away for 2 s of real time (its clients retry and back off meanwhile) before the restart
    await sleep(2000);
    expect(await browse()).toEqual([200, 200, 200, 200, 200]);

    // Redis back on the same port and --dir: everything recovers without restarting the API.
    redis = await startRedis(redisPort, redisDir, logs);
    const recovered = await until(
      async () => {
        const res = await contact();
        return res.status === 201 ? res : undefined;
      },
      30_000,
      'the contact form to work again',
      250,
    );
    expect(recovered.status).toBe(201);
    // The API's own Redis connections reconnect with a back-off of at most 2 s.
    await until(
      async () => ((await call(shop.url, '/api/cart', { token: customer.token })).status === 200 ? true : undefined),
      15_000,
      'signed-in calls to work again',
      250,
    );
    const recoveredAt = Date.now() - started;
    expect((await call(shop.url, '/api/cart', { method: 'POST', token: customer.token, body: { productId, quantity: 1 } })).status).toBe(201);
    await until(async () => ((await call(shop.url, '/api/health')).status === 200 ? true : undefined), 15_000, 'health to be green', 250);

    traffic = false;
    await background;
    expect(browseFailures).toEqual([]);
    expect(api.child.exitCode).toBeNull();
    report(
      `redis restarted: queue calls 503 at once while away, browsing never failed, everything back ${recoveredAt} ms after the stop (Redis away ~3 s) without an API restart\n`,
    );
  }, 180_000);
});
