import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { LocalThrottlerWindows, RedisThrottlerStorage } from './redis-throttler.storage';

/** Against the real Redis (tests isolate themselves with their own key prefix). */
describe('RedisThrottlerStorage', () => {
  const prefix = `test-throttle-${randomBytes(4).toString('hex')}:`;
  const a = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
  const b = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });

  beforeAll(async () => {
    await Promise.all([a.ping(), b.ping()]);
  });

  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length) await a.del(...keys.map((k) => k.slice(prefix.length)));
    a.disconnect();
    b.disconnect();
  });

  it('counts a strict limit exactly, one call per hit, across instances', async () => {
    const one = new RedisThrottlerStorage(a, { batched: ['default'] });
    const two = new RedisThrottlerStorage(b, { batched: ['default'] });
    const hits = [];
    for (let i = 0; i < 3; i += 1) hits.push(await one.increment('k1', 60_000, 3, 60_000, 'auth'));
    hits.push(await two.increment('k1', 60_000, 3, 60_000, 'auth'));
    expect(hits.map((h) => [h.totalHits, h.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
  });

  it('counts a generous limit without waiting (the fast path), and leaves a strict one to Redis', async () => {
    const one = new RedisThrottlerStorage(a, { batched: ['default'], flushMs: 10_000 });
    expect(one.incrementAtOnce('k3', 60_000, 10, 60_000, 'default')).toBeUndefined();
    expect(one.incrementAtOnce('k3', 60_000, 300, 60_000, 'auth')).toBeUndefined();
    const first = one.incrementAtOnce('k3', 60_000, 300, 60_000, 'default');
    expect(first).toMatchObject({ totalHits: 1, isBlocked: false });
    // The same count as the awaited call: both paths share one window.
    expect((await one.increment('k3', 60_000, 300, 60_000, 'default')).totalHits).toBe(2);
    expect(one.incrementAtOnce('k3', 60_000, 300, 60_000, 'default')?.totalHits).toBe(3);
  });

  it('counts a generous limit in process and shares it through Redis at each flush', async () => {
    const one = new RedisThrottlerStorage(a, { batched: ['default'], flushMs: 10_000 });
    const two = new RedisThrottlerStorage(b, { batched: ['default'], flushMs: 10_000 });
    for (let i = 0; i < 150; i += 1) expect((await one.increment('k2', 60_000, 200, 60_000, 'default')).isBlocked).toBe(false);
    expect((await one.increment('k2', 60_000, 200, 60_000, 'default')).totalHits).toBe(151);
    await one.flush();
    for (let i = 0; i < 60; i += 1) await two.increment('k2', 60_000, 200, 60_000, 'default');
    await two.flush();
    // The second instance now knows every instance's hits: 151 + 60 > 200.
    const next = await two.increment('k2', 60_000, 200, 60_000, 'default');
    expect(next.isBlocked).toBe(true);
    expect(next.timeToBlockExpire).toBeGreaterThan(0);
  });
});

describe('LocalThrottlerWindows', () => {
  it('blocks past the limit for the block duration, then starts a new window', () => {
    const w = new LocalThrottlerWindows();
    expect(w.increment('k', 1000, 2, 5000, 0).isBlocked).toBe(false);
    expect(w.increment('k', 1000, 2, 5000, 10).isBlocked).toBe(false);
    expect(w.increment('k', 1000, 2, 5000, 20)).toMatchObject({ isBlocked: true, timeToBlockExpire: 5 });
    expect(w.increment('k', 1000, 2, 5000, 3000).isBlocked).toBe(true);
    expect(w.increment('k', 1000, 2, 5000, 5100)).toMatchObject({ isBlocked: false, totalHits: 1 });
  });
});
