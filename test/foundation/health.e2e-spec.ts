import { QUEUES } from '@shop/jobs';
import { cleanup, freePort, startRedis, stopAll, tempDir, type Proc } from '../resilience/processes';
import { eventually, startTestStack, type TestStack } from '../support/test-stack';

/**
 * The probes against a private redis-server (never the shared one) that the test stops and starts again:
 * liveness checks nothing, readiness names each dependency and answers 503 with a stable code while one is down.
 */
describe('health: liveness and readiness', () => {
  const logs = tempDir('health-logs');
  const redisDir = tempDir('health-redis');
  let redisPort: number;
  let redis: Proc;
  let stack: TestStack;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort, redisDir, logs);
    stack = await startTestStack({ env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` } });
  });
  afterAll(async () => {
    await stack?.stop();
    await stopAll();
    cleanup(logs, redisDir);
  });

  const queueNames = QUEUES.map((q) => `queue:${q}`);

  it('with everything up: /live and /ready answer 200, /ready names MongoDB, Redis and every queue as up', async () => {
    expect((await stack.http().get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await stack.http().get('/api/health/ready').expect(200);
    expect(ready.body.status).toBe('ok');
    expect(Object.keys(ready.body.checks).sort()).toEqual(['mongodb', 'redis', ...queueNames].sort());
    for (const state of Object.values(ready.body.checks)) expect(state).toEqual({ status: 'up' });
    // The older probe answers as before, in its own shape.
    const legacy = await stack.http().get('/api/health').expect(200);
    expect(legacy.body).toMatchObject({ status: 'ok', info: { mongodb: { status: 'up' }, redis: { status: 'up' } }, error: {} });
  });

  it('with Redis stopped: /ready answers 503 at once naming Redis with code DEPENDENCY_UNAVAILABLE, /live stays 200; back to 200 once Redis returns', async () => {
    await redis.stop();
    const started = Date.now();
    const down = await eventually(async () => {
      const res = await stack.http().get('/api/health/ready');
      return res.status === 503 ? res : undefined;
    }, 10_000, 'a 503 from /api/health/ready');
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

    redis = await startRedis(redisPort, redisDir, logs);
    const back = await eventually(async () => {
      const res = await stack.http().get('/api/health/ready');
      return res.status === 200 ? res : undefined;
    }, 20_000, 'a 200 from /api/health/ready after Redis returned');
    expect(back.body.checks.redis).toEqual({ status: 'up' });
  });
});
