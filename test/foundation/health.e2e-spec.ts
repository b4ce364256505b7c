import Redis from 'ioredis';
import type { AddressInfo } from 'node:net';
import { QUEUES } from '@shop/jobs';
import { WorkerHealthServer } from '../../apps/worker/src/health/worker-health.server';
import { createWorker } from '../../apps/worker/src/worker.factory';
import { cleanup, freePort, startRedis, stopAll, tempDir, type Proc } from '../resilience/processes';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

/**
 * The probes of the API and of the worker (its health server on WORKER_HEALTH_PORT) against a private
 * redis-server (never the shared one) that the test stops and starts again: liveness checks nothing,
 * readiness names each dependency and answers 503 with a stable code while one is down.
 */
describe('health: liveness and readiness of the API and the worker', () => {
  const logs = tempDir('health-logs');
  const redisDir = tempDir('health-redis');
  let redisPort: number;
  let redis: Proc;
  let stack: TestStack;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort, redisDir, logs);
    stack = await startTestStack({ worker: true, env: { REDIS_URL: `redis://127.0.0.1:${redisPort}`, WORKER_HEALTH_PORT: '0' } });
  });
  afterAll(async () => {
    await stack?.stop();
    await stopAll();
    cleanup(logs, redisDir);
  });

  const queueNames = QUEUES.map((q) => `queue:${q}`);
  const workerProbe = async (path: string): Promise<{ status: number; body: Record<string, unknown> & { checks?: Record<string, unknown> } }> => {
    const port = stack.worker?.get(WorkerHealthServer).port;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('with everything up: /live and /ready answer 200, /ready names MongoDB, Redis and every queue as up', async () => {
    expect((await stack.http().get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await stack.http().get('/api/health/ready').expect(200);
    expect(ready.body.status).toBe('ok');
    expect(Object.keys(ready.body.checks).sort()).toEqual(['mongodb', 'redis', ...queueNames].sort());
    for (const state of Object.values(ready.body.checks)) expect(state).toEqual({ status: 'up' });
    // The older probe answers as before, in its own shape.
    const legacy = await stack.http().get('/api/health').expect(200);
    expect(legacy.body).toMatchObject({ status: 'ok', info: { mongodb: { status: 'up' }, redis: { status: 'up' } }, error: {} });
    // Deprecated: it says so, when it may go, and what replaces it (RFC 9745, RFC 8594, successor-version).
    expect({ deprecation: legacy.headers.deprecation, sunset: legacy.headers.sunset, link: legacy.headers.link }).toEqual({
      deprecation: `@${Date.UTC(2026, 10, 26) / 1000}`,
      sunset: 'Tue, 01 Jun 2027 00:00:00 GMT',
      link: '</api/health/ready>; rel="successor-version"',
    });
    expect(ready.headers.deprecation).toBeUndefined();
  });

  it('the API document marks GET /api/health deprecated, naming GET /api/health/ready and its three headers', async () => {
    const { body } = await stack.http().get('/api/docs-json').expect(200);
    expect(body.paths['/api/health'].get).toEqual(
      expect.objectContaining({ deprecated: true, description: expect.stringContaining('GET /api/health/ready') }),
    );
    expect(Object.keys(body.paths['/api/health'].get.responses['200'].headers)).toEqual(['Deprecation', 'Sunset', 'Link']);
    expect(body.paths['/api/health/ready'].get.deprecated).toBeUndefined();
  });

  it('probes that arrive together share one round of pings (readiness is not throttled)', async () => {
    const admin = new Redis({ port: redisPort, host: '127.0.0.1' });
    const pings = async () => Number(/cmdstat_ping:calls=(\d+)/.exec(await admin.info('commandstats'))?.[1] ?? 0);
    try {
      const before = await pings();
      const server = stack.app.getHttpServer();
      if (!server.listening) await stack.app.listen(0, '127.0.0.1');
      const { port } = server.address() as AddressInfo;
      const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`http://127.0.0.1:${port}/api/health/ready`)));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200));
      const sent = (await pings()) - before;
      // One round is 1 + QUEUES.length PINGs (the shared client and each queue's connection). One round per call
      // would be 50 rounds; shared, it was about 24 on a quiet 2-core machine (fewer when busy).
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(40 * (1 + QUEUES.length));
    } finally {
      admin.disconnect();
    }
  });

  it("the worker's health server: /live 200, /ready 200 naming MongoDB and the worker of every queue; nothing else", async () => {
    expect(await workerProbe('/live')).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await workerProbe('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
    expect(Object.keys(ready.body.checks ?? {}).sort()).toEqual(['mongodb', ...queueNames].sort());
    for (const state of Object.values(ready.body.checks ?? {})) expect(state).toEqual({ status: 'up' });
    expect((await workerProbe('/nope')).status).toBe(404);
    // Without WORKER_HEALTH_PORT there is no server.
    const quiet = await createWorker({ ...stack.config, workerHealthPort: undefined });
    try {
      expect(quiet.get(WorkerHealthServer).port).toBeUndefined();
    } finally {
      await quiet.close();
    }
  });

  it('with Redis stopped: /ready answers 503 at once naming Redis with code DEPENDENCY_UNAVAILABLE, /live stays 200; back to 200 once Redis returns', async () => {
    await redis.stop();
    const started = Date.now();
    const down = await until(
      async () => {
        const res = await stack.http().get('/api/health/ready');
        return res.status === 503 ? res : undefined;
      },
      10_000,
      'a 503 from /api/health/ready',
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(down.body).toMatchObject({
      statusCode: 503,
      code: 'DEPENDENCY_UNAVAILABLE',
      status: 'error',
      message: expect.stringMatching(/^Not ready: .*redis \(/),
      errors: { redis: expect.any(String) },
      checks: { mongodb: { status: 'up' }, redis: { status: 'down', message: expect.any(String) } },
    });
    // Each queue's own connection is named too.
    for (const name of queueNames) expect(down.body.checks[name]).toEqual({ status: 'down', message: expect.any(String) });

    // A second call does not wait for Redis either (ioredis would queue a PING while disconnected).
    const again = Date.now();
    await stack.http().get('/api/health/ready').expect(503);
    expect(Date.now() - again).toBeLessThan(2500);

    expect((await stack.http().get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const legacy = await stack.http().get('/api/health').expect(503);
    expect(legacy.body).toMatchObject({ status: 'error', error: { redis: { status: 'down' } }, info: { mongodb: { status: 'up' } } });

    // The worker says the same of its BullMQ workers' connections, and stays live.
    const workerDown = await until(
      async () => {
        const res = await workerProbe('/ready');
        return res.status === 503 ? res : undefined;
      },
      10_000,
      "a 503 from the worker's /ready",
    );
    expect(workerDown.body).toMatchObject({
      statusCode: 503,
      code: 'DEPENDENCY_UNAVAILABLE',
      status: 'error',
      checks: { mongodb: { status: 'up' } },
    });
    for (const name of queueNames) expect(workerDown.body.checks?.[name]).toEqual({ status: 'down', message: expect.any(String) });
    expect((await workerProbe('/live')).status).toBe(200);

    redis = await startRedis(redisPort, redisDir, logs);
    const back = await until(
      async () => {
        const res = await stack.http().get('/api/health/ready');
        return res.status === 200 ? res : undefined;
      },
      20_000,
      'a 200 from /api/health/ready after Redis returned',
    );
    expect(back.body.checks.redis).toEqual({ status: 'up' });
    await until(
      async () => ((await workerProbe('/ready')).status === 200 ? true : undefined),
      20_000,
      "a 200 from the worker's /ready after Redis returned",
    );
  });
});
