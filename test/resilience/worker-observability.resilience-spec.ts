import { Queue } from 'bullmq';
import { GridFSBucket, MongoClient, ObjectId } from 'mongodb';
import sharp from 'sharp';
import {
  call,
  cleanup,
  clearRedisPrefix,
  freePort,
  report,
  shopEnv,
  signIn,
  startApi,
  startEngine,
  startWorker,
  stopAll,
  tempDir,
  until,
  type ShopEnv,
} from './processes';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface LogLine {
  level: number;
  msg: string;
  queue?: string;
  job?: string;
  jobId?: string;
  attempt?: number;
  attempts?: number;
  willRetry?: boolean;
  error?: string;
}

/** The JSON lines the worker process wrote (pino), the other lines left out. */
function jsonLines(output: string): LogLine[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

/**
 * The built worker as it runs in production (LOG_LEVEL=warn, WORKER_HEALTH_PORT set): its probes answer, a
 * failing job's attempts are in its log as JSON lines with their fields, the exhausted job is in the console's
 * Failed Jobs (through the API), and the console's Retry makes it complete once its input is mended.
 */
describe("resilience: a failing job is seen in the worker's log and in Failed Jobs, and retried", () => {
  const logs = tempDir('logs');
  const dbPath = tempDir('db');
  let shop: ShopEnv;
  let mongo: MongoClient | undefined;
  let queue: Queue | undefined;

  afterAll(async () => {
    await queue?.close();
    await mongo?.close();
    await stopAll();
    if (shop) await clearRedisPrefix(shop.env.REDIS_PREFIX as string, REDIS_URL);
    cleanup(dbPath, shop?.dataDir ?? '');
  });

  it('logs each failed attempt with queue, job, id, attempt and error; lists it in Failed Jobs; completes when retried', async () => {
    const enginePort = await freePort();
    const healthPort = await freePort();
    await startEngine(enginePort, dbPath, logs);
    const mongodbUri = `mongodb://127.0.0.1:${enginePort}/shop`;
    shop = await shopEnv(mongodbUri, REDIS_URL, { LOG_LEVEL: 'warn', WORKER_HEALTH_PORT: String(healthPort) });
    await startApi(shop, logs);
    const worker = await startWorker(shop, logs);
    await until(() => (/Worker running \(queues: .*\); health on port \d+/.test(worker.output()) ? true : undefined), 30_000, 'the worker to start');

    // The worker's probes.
    const probe = (path: string) => call(`http://127.0.0.1:${healthPort}`, path, { timeoutMs: 10_000 });
    expect(await probe('/live')).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await until(
      async () => {
        const res = await probe('/ready');
        return res.status === 200 ? res : undefined;
      },
      20_000,
      'the worker to be ready',
    );
    expect(Object.keys(ready.body.checks as object)).toContain('mongodb');

    // An image whose bytes are not an image, under a known id; a thumbnails job for it with two attempts.
    mongo = await MongoClient.connect(mongodbUri);
    const bucket = new GridFSBucket(mongo.db('shop'), { bucketName: 'images' });
    const fileId = new ObjectId();
    const store = (bytes: Buffer) =>
      new Promise<void>((resolve, reject) =>
        bucket
          .openUploadStreamWithId(fileId, 'photo.png', { metadata: { contentType: 'image/png' } })
          .once('finish', () => resolve())
          .once('error', reject)
          .end(bytes),
      );
    await store(Buffer.from('plain text, not a picture'));
    queue = new Queue('media', { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix: `${shop.env.REDIS_PREFIX}:bull` });
    const jobId = `observed-${fileId.toHexString()}`;
    await queue.add('media.thumbnails', { fileId: fileId.toHexString() }, { jobId, attempts: 2, backoff: { type: 'fixed', delay: 100 } });

    // Failed Jobs, as the console reads it.
    const token = await signIn(shop.url, shop.env.ADMIN_EMAIL as string, shop.env.ADMIN_PASSWORD as string);
    const failed = await until(
      async () => {
        const res = await call(shop.url, '/api/admin/jobs/failed', { token });
        return (res.body as unknown as { id: string; queue: string; attemptsMade: number }[]).find?.((j) => j.id === jobId);
      },
      30_000,
      'the job in Failed Jobs',
    );
    expect(failed).toMatchObject({ queue: 'media', name: 'media.thumbnails', attemptsMade: 2 });

    // The worker's log: one warning (level 40) for attempt 1 of 2, one error (level 50) for attempt 2 of 2.
    const attempts = await until(
      () => {
        const lines = jsonLines(worker.output()).filter((l) => l.jobId === jobId);
        return lines.length >= 2 ? lines : undefined;
      },
      10_000,
      'the two log lines',
    );
    expect(attempts).toEqual([
      expect.objectContaining({
        level: 40,
        queue: 'media',
        job: 'media.thumbnails',
        jobId,
        attempt: 1,
        attempts: 2,
        willRetry: true,
        error: expect.stringMatching(/unsupported image format/i),
      }),
      expect.objectContaining({
        level: 50,
        queue: 'media',
        job: 'media.thumbnails',
        jobId,
        attempt: 2,
        attempts: 2,
        willRetry: false,
        error: expect.stringMatching(/unsupported image format/i),
      }),
    ]);
    expect(attempts[1].msg).toMatch(/attempt 2\/2, no retry left/);

    // Mended, then the console's Retry: it completes.
    await bucket.delete(fileId);
    await store(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#228844' } })
        .png()
        .toBuffer(),
    );
    const retried = await call(shop.url, `/api/admin/jobs/media/${jobId}/retry`, { method: 'POST', token, headers: { 'x-requested-with': 'test' } });
    expect(retried.status).toBe(200);
    await until(
      async () => ((await (await queue?.getJob(jobId))?.getState()) === 'completed' ? true : undefined),
      30_000,
      'the retried job to complete',
    );
    report(`worker observability: 2 attempts logged (warn, error), listed in Failed Jobs, retried to completion`);
  });
});
