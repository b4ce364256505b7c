import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import {
  call,
  cleanup,
  clearRedisPrefix,
  freePort,
  report,
  shopEnv,
  startApi,
  startEngine,
  startWorker,
  stopAll,
  tempDir,
  until,
  type Proc,
  type ShopEnv,
} from './processes';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MESSAGES = 150;

function outbox(shop: ShopEnv): string[] {
  try {
    return readdirSync(join(shop.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
}

/**
 * kill -9 the worker process while mail jobs are in flight, start a new one: every mail is delivered once.
 * Contact messages queue two mails each (to the admin, and the acknowledgement to the sender), whose jobIds
 * name the outbox files: every expected file must exist, with its own Message-ID, and nothing else.
 */
describe('resilience: the worker is killed while mails are in flight', () => {
  const logs = tempDir('logs');
  const dbPath = tempDir('db');
  let shop: ShopEnv;
  let worker: Proc;

  afterAll(async () => {
    await stopAll();
    if (shop) await clearRedisPrefix(shop.env.REDIS_PREFIX as string, REDIS_URL);
    cleanup(dbPath, shop?.dataDir ?? '');
  });

  it('delivers every mail exactly once after kill -9 and a restart', async () => {
    const enginePort = await freePort();
    await startEngine(enginePort, dbPath, logs);
    shop = await shopEnv(`mongodb://127.0.0.1:${enginePort}/shop`, REDIS_URL, { TRUST_PROXY_HOPS: '1' });
    await startApi(shop, logs);

    // Each message from its own (forwarded) address, so the contact form's per-client limit does not apply.
    const ids: string[] = [];
    const send = async (i: number) => {
      const res = await call(shop.url, '/api/contact', {
        method: 'POST',
        headers: { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}` },
        body: { name: `Buyer ${i}`, email: `buyer${i}@example.com`, subject: `Question ${i}`, message: `Where is parcel ${i}?` },
      });
      expect(res.status).toBe(201);
      ids.push(String(res.body._id ?? res.body.id));
    };
    for (let i = 0; i < MESSAGES; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => send(i + j)));
    const admin = await until(
      async () => {
        const redis = new Redis(REDIS_URL);
        try {
          const keys = await redis.keys(`${shop.env.REDIS_PREFIX}:bull:mail:mail.contact-admin.*`);
          return keys.length > 0 ? keys[0] : undefined;
        } finally {
          redis.disconnect();
        }
      },
      10_000,
      'a contact-admin job',
    );
    const adminSuffix = /mail\.contact-admin\.[0-9a-f]{24}\.([0-9a-f]{24})$/.exec(admin)?.[1];
    expect(adminSuffix).toBeDefined();
    const expected = new Set(ids.flatMap((id) => [`mail.contact-received.${id}.eml`, `mail.contact-admin.${id}.${adminSuffix}.eml`]));
    expect(expected.size).toBe(MESSAGES * 2);

    // Start the worker on the full queue and kill it in the middle of the stream (some mails written,
    // four running, the rest queued).
    worker = await startWorker(shop, logs);
    await until(() => (outbox(shop).length >= 20 ? true : undefined), 30_000, 'the first mails', 5);
    await worker.crash();
    const atKill = outbox(shop).length;
    expect(atKill).toBeLessThan(expected.size);

    worker = await startWorker(shop, logs);
    // Jobs that were running when the worker died are retried once their lock expires (BullMQ's stalled check).
    await until(() => (outbox(shop).length >= expected.size ? true : undefined), 120_000, 'every mail', 500);
    // Then the mail queue drains: no job waiting, running or due for a retry, every one finished (the jobs that were
    // running at the kill, their mails perhaps written already, are run again by the stalled check first). A mail
    // one too many would be in the outbox by then.
    const bull = `${shop.env.REDIS_PREFIX}:bull:mail`;
    const queueState = new Redis(REDIS_URL);
    try {
      await until(
        async () => {
          const [wait, active, delayed, prioritized, completed, failed] = await Promise.all([
            queueState.llen(`${bull}:wait`),
            queueState.llen(`${bull}:active`),
            queueState.zcard(`${bull}:delayed`),
            queueState.zcard(`${bull}:prioritized`),
            queueState.zcard(`${bull}:completed`),
            queueState.zcard(`${bull}:failed`),
          ]);
          return wait + active + delayed + prioritized === 0 && completed + failed >= expected.size ? true : undefined;
        },
        120_000,
        'the mail queue to drain',
        250,
      );
    } finally {
      queueState.disconnect();
    }

    const files = outbox(shop);
    expect(files.length).toBe(expected.size);
    expect(new Set(files)).toEqual(expected);
    for (const file of files.slice(0, 20)) {
      const eml = readFileSync(join(shop.dataDir, 'outbox', file), 'utf8');
      expect(eml).toContain(file.replace(/\.eml$/, ''));
    }
    const redis = new Redis(REDIS_URL);
    try {
      const failed = await redis.zcard(`${shop.env.REDIS_PREFIX}:bull:mail:failed`);
      const completed = await redis.zcard(`${shop.env.REDIS_PREFIX}:bull:mail:completed`);
      expect(failed).toBe(0);
      // Completed jobs are kept by BullMQ unless removeOnComplete trims them: never more than one per jobId.
      expect(completed).toBeLessThanOrEqual(expected.size);
    } finally {
      redis.disconnect();
    }
    report(
      `worker killed: ${atKill} of ${expected.size} mails written at the kill; after the restart ${files.length} files, one per jobId, 0 failed jobs\n`,
    );
  }, 240_000);
});
