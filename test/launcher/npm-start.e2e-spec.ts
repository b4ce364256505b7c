import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { DEMO_ACCOUNT_COUNT, DEMO_BLOGS, DEMO_CATEGORIES, DEMO_IMAGE_COUNT, DEMO_ITEM_COUNT, DEMO_PRODUCTS } from '@shop/seed';
import { clearRedisPrefix, freePort, healthStatus, redisPrefix, root, seedStatus, startLauncher, until, type Launcher } from './launcher-support';

/** The demo catalogue in the shop's database, counted directly (the engine at mongodb://127.0.0.1:enginePort). */
async function demoCounts(enginePort: number) {
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${enginePort}`, { serverSelectionTimeoutMS: 10_000 });
  try {
    const db = client.db('shop');
    const images = await db
      .collection('images.files')
      .find({ filename: /^demo\// })
      .toArray();
    const products = await db.collection('products').find().toArray();
    const blogs = await db.collection('blogs').find().toArray();
    const used = new Set(
      [...products.flatMap((p) => [p.image, ...(p.additionalImages ?? [])]), ...blogs.map((b) => b.coverImage)].map((url: string) =>
        url.replace('/api/images/', ''),
      ),
    );
    return {
      products: products.length,
      categories: await db.collection('categories').countDocuments(),
      blogs: blogs.length,
      users: await db.collection('users').countDocuments(),
      images: images.length,
      orphanImages: images.filter((i) => !used.has(String(i._id))).length,
    };
  } finally {
    await client.close();
  }
}

/** A clean seed: every demo item once, the admin and the demo accounts, the demo images (front, back, detail, further colours, covers). */
const CLEAN_SEED = {
  products: DEMO_PRODUCTS.length,
  categories: DEMO_CATEGORIES.length,
  blogs: DEMO_BLOGS.length,
  users: 1 + DEMO_ACCOUNT_COUNT,
  images: DEMO_IMAGE_COUNT,
  orphanImages: 0,
};

/** Runs the built engine on a data directory by itself (nothing seeds meanwhile), counts, stops it. */
async function countsAtRest(dbPath: string, enginePort: number) {
  const engine = spawn(process.execPath, [join(root, 'dist/libs/embedded-mongo/cli.js'), '--port', String(enginePort), '--dbpath', dbPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((res) => engine.once('exit', res));
  try {
    let out = '';
    engine.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await until(() => (/listening on/.test(out) ? true : undefined), 30_000, 'the engine');
    return await demoCounts(enginePort);
  } finally {
    engine.kill('SIGTERM');
    await exited;
  }
}

/**
 * `npm start` exactly as a newcomer runs it: the real launcher, built apps, engine, API and worker, on a fresh
 * DATA_DIR. It answers while the demo catalogue is still being filled; killed with SIGKILL (every process at once)
 * mid-seed and started again on the same DATA_DIR, it ends with the same catalogue as a clean seed.
 */
describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  const prefix = redisPrefix('start');
  let port: number;
  let enginePort: number;
  let env: NodeJS.ProcessEnv;
  let shop: Launcher;

  beforeAll(async () => {
    port = await freePort();
    enginePort = await freePort();
    // With the access lines (the Ctrl-C test looks for the last one).
    env = { PORT: String(port), DATA_DIR: dataDir, REDIS_PREFIX: prefix, EMBEDDED_MONGO_PORT: String(enginePort), LOG_LEVEL: 'info' };
    shop = startLauncher(env);
  });

  afterAll(async () => {
    await shop?.killGroup();
    await clearRedisPrefix(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /api/health/ready, / and /admin while the demo catalogue is still being seeded, and says so', async () => {
    await until(
      async () => {
        if (shop.child.exitCode !== null) throw new Error(`npm start exited:\n${shop.output().slice(-4000)}`);
        return (await healthStatus(port)) === 200 ? true : undefined;
      },
      60_000,
      `/api/health/ready (the launcher printed:\n${shop.output().slice(-2000)})`,
      100,
    );
    const seed = await seedStatus(port);
    expect(seed).toEqual({ state: 'seeding', done: expect.any(Number), total: DEMO_ITEM_COUNT });
    expect(seed?.done).toBeLessThan(DEMO_ITEM_COUNT);

    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`http://127.0.0.1:${port}/admin/`)).status).toBe(200);

    await until(() => (shop.output().includes('Press Ctrl-C to stop.') ? true : undefined), 10_000, 'the ready banner');
    expect(shop.output()).toContain(`Threadline is running at http://localhost:${port}`);
    expect(shop.output()).toMatch(/admin login\s+admin@demo\.shop \/ \S{12,}/);
    expect(shop.output()).toMatch(/demo catalogue still being filled \(\d+\/\d+ items\)/);
  }, 90_000);

  it('serves the OpenAPI document of openapi.json from the SWC build (the Swagger plugin metadata is loaded)', async () => {
    const served = await (await fetch(`http://127.0.0.1:${port}/api/docs-json`)).json();
    expect(served).toEqual(JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8')));
  });

  it('killed with SIGKILL mid-seed (launcher, engine, API, worker), then started again, ends with the full demo catalogue', async () => {
    await until(
      async () => ((await seedStatus(port))?.done ?? 0) >= DEMO_CATEGORIES.length + DEMO_ACCOUNT_COUNT + 8 || undefined,
      90_000,
      'the seed to reach the products',
      50,
    );
    await shop.killGroup();
    const partial = await countsAtRest(join(dataDir, 'db'), enginePort);
    expect(partial.products).toBeGreaterThan(0);
    expect(partial.products).toBeLessThan(DEMO_PRODUCTS.length);

    shop = startLauncher(env);
    await until(
      async () => {
        if (shop.child.exitCode !== null) throw new Error(`npm start exited:\n${shop.output().slice(-4000)}`);
        return (await seedStatus(port))?.state === 'done' || undefined;
      },
      120_000,
      'the resumed seed',
      250,
    );
    expect(await demoCounts(enginePort)).toEqual(CLEAN_SEED);
    await until(() => (shop.output().includes('demo catalogue ready') ? true : undefined), 10_000, 'the launcher to say the catalogue is ready');
  }, 240_000);

  it("stops everything it started on Ctrl-C, with the last request's access line written out", async () => {
    const requestId = `ctrl-c-${Date.now()}`;
    expect((await fetch(`http://127.0.0.1:${port}/api/category/categories`, { headers: { 'X-Request-Id': requestId } })).status).toBe(200);
    shop.child.kill('SIGINT');
    expect(await shop.exited).toBe(0);
    expect(await healthStatus(port)).toBe(0);
    const line = shop
      .output()
      .split('\n')
      .find((text) => text.includes(`"id":"${requestId}"`));
    expect(JSON.parse((line ?? '{}').replace(/^\[api\] /, ''))).toMatchObject({
      req: { id: requestId, method: 'GET', url: '/api/category/categories' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
  }, 30_000);
});
