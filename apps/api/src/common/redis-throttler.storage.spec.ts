import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { LocalThrottlerWindows, MAX_GROUPS_PER_CALL, RedisThrottlerStorage, THROTTLE_COMMAND } from './redis-throttler.storage';

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

  it('counts every hit in Redis before it answers, across instances: the (n+1)th hit is blocked at once', async () => {
    const one = new RedisThrottlerStorage(a);
    const two = new RedisThrottlerStorage(b);
    const hits = [];
    for (let i = 0; i < 3; i += 1) hits.push(await one.increment('k1', 60_000, 3, 60_000, 'auth'));
    hits.push(await two.increment('k1', 60_000, 3, 60_000, 'auth'));
    expect(hits.map((h) => [h.totalHits, h.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    // Blocked for the block duration, on either instance.
    expect(await one.increment('k1', 60_000, 3, 60_000, 'auth')).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
  });

  it('counts a generous limit the same way: parallel hits from two instances all count, none held back', async () => {
    const one = new RedisThrottlerStorage(a);
    const two = new RedisThrottlerStorage(b);
    const all = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? one : two).increment('k2', 60_000, 150, 60_000, 'default')));
    // 150 allowed hits numbered 1 to 150 exactly once; the 151st blocked the key, and blocked hits add nothing.
    const allowed = all.filter((h) => !h.isBlocked).map((h) => h.totalHits);
    expect(allowed.sort((x, y) => x - y)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(all.filter((h) => h.isBlocked)).toHaveLength(50);
    const next = await one.increment('k2', 60_000, 150, 60_000, 'default');
    expect(next.isBlocked).toBe(true);
    expect(next.timeToBlockExpire).toBeGreaterThan(0);
    // Each throttler counts under its own name.
    expect((await one.increment('k2', 60_000, 150, 60_000, 'auth')).totalHits).toBe(1);
  });

  it("counts the hits of one turn in one call, each counter's hits as one group, in their order, beyond one call's size", async () => {
    const one = new RedisThrottlerStorage(a);
    const calls: Array<{ keys: number; args: string[] }> = [];
    // MONITOR lists the commands in the order Redis ran them: once it shows this marker, sent after the last
    // throttle call, it has shown every call before it.
    const marker = `throttle-calls-done-${randomBytes(4).toString('hex')}`;
    let markerSeen = (): void => undefined;
    const allSeen = new Promise<void>((resolve) => (markerSeen = resolve));
    const monitor = await a.monitor();
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (/^echo$/i.test(args[0] ?? '') && args[1] === marker) markerSeen();
      // Only this test's calls: other suites share the Redis server.
      if (/^eval/i.test(args[0] ?? '') && (args[3] ?? '').startsWith(`${prefix}throttle:default:k3-`))
        calls.push({ keys: Number(args[2]), args: args.slice(3 + Number(args[2])) });
    });
    try {
      // 3 counters × 100 hits in one turn, interleaved, limit 90 each.
      const all = await Promise.all(Array.from({ length: 300 }, (_, i) => one.increment(`k3-${i % 3}`, 60_000, 90, 60_000, 'default')));
      for (let k = 0; k < 3; k += 1) {
        const ofKey = all.filter((_, i) => i % 3 === k);
        // In the order they were asked: 1 to 90 allowed, the 91st counted and blocked, the rest refused uncounted.
        expect(ofKey.slice(0, 91).map((h) => [h.totalHits, h.isBlocked])).toEqual(Array.from({ length: 91 }, (_, i) => [i + 1, i === 90]));
        expect(ofKey.slice(91).map((h) => [h.totalHits, h.isBlocked, h.timeToBlockExpire])).toEqual(Array.from({ length: 9 }, () => [91, true, 60]));
        expect(await a.get(`throttle:default:k3-${k}:hits`)).toBe('91');
      }
      // The next turn finds the block: refused, and counted no further.
      expect(await one.increment('k3-0', 60_000, 90, 60_000, 'default')).toMatchObject({ totalHits: 91, isBlocked: true });

      // More counters in one turn than one call takes: several calls, each counter once.
      const many = MAX_GROUPS_PER_CALL + 2;
      const spread = await Promise.all(
        Array.from({ length: many * 2 }, (_, i) => one.increment(`k3-many-${i % many}`, 60_000, 5, 60_000, 'default')),
      );
      expect(spread.map((h) => h.totalHits)).toEqual(Array.from({ length: many * 2 }, (_, i) => (i < many ? 1 : 2)));

      await a.echo(marker);
      await allSeen;
      // One call for the 300 hits: 3 groups, two keys each, counts 100, 100, 100; then the next turn's single
      // hit; then ceil(many / MAX_GROUPS_PER_CALL) calls for the spread, each with two hits per counter.
      expect(calls[0]).toEqual({ keys: 6, args: ['60000', '90', '60000', '100', '60000', '90', '60000', '100', '60000', '90', '60000', '100'] });
      expect(calls[1]).toMatchObject({ keys: 2 });
      const spreadCalls = calls.slice(2);
      expect(spreadCalls.map((c) => c.keys)).toEqual([2 * MAX_GROUPS_PER_CALL, 2 * (many - MAX_GROUPS_PER_CALL)]);
      expect(spreadCalls.flatMap((c) => c.args.filter((_, i) => i % 4 === 3))).toEqual(Array.from({ length: many }, () => '2'));
    } finally {
      monitor.disconnect();
    }
  });
});

describe('RedisThrottlerStorage under load: one call under way at a time', () => {
  it('holds the hits that arrive while a call is under way and sends them together once it is answered', async () => {
    const prefix = `test-throttle-${randomBytes(4).toString('hex')}:`;
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
    let release = (): void => undefined;
    try {
      await redis.ping();
      const storage = new RedisThrottlerStorage(redis);
      // The real command, with its answer held until the test lets it through: the next hits arrive meanwhile.
      const command = redis as unknown as Record<string, (...args: Array<string | number>) => Promise<unknown[]>>;
      const send = command[THROTTLE_COMMAND].bind(redis);
      const held = new Promise<void>((resolve) => (release = resolve));
      const counts: number[][] = [];
      command[THROTTLE_COMMAND] = (numberOfKeys, ...rest) => {
        counts.push(
          rest
            .slice(Number(numberOfKeys))
            .filter((_, i) => i % 4 === 3)
            .map(Number),
        );
        return send(numberOfKeys, ...rest).then(async (answer) => {
          await held;
          return answer;
        });
      };
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      const first = storage.increment('k', 60_000, 10, 60_000, 'default');
      await turn();
      await turn();
      const later = [];
      for (let i = 0; i < 3; i += 1) {
        later.push(storage.increment('k', 60_000, 10, 60_000, 'default'));
        await turn();
      }
      // Three turns later, still the first call only: the three hits wait for its answer.
      expect(counts).toEqual([[1]]);
      release();
      expect((await first).totalHits).toBe(1);
      expect((await Promise.all(later)).map((h) => h.totalHits)).toEqual([2, 3, 4]);
      // Then one call carried the three hits, as one group of three.
      expect(counts).toEqual([[1], [3]]);
      expect(await redis.get('throttle:default:k:hits')).toBe('4');
    } finally {
      release();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
      redis.disconnect();
    }
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

describe('RedisThrottlerStorage while Redis comes and goes', () => {
  it('does not forget the hits it counted while Redis was away (or still connecting) once Redis is back', async () => {
    const prefix = `test-throttle-${randomBytes(4).toString('hex')}:`;
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix, lazyConnect: true });
    try {
      const storage = new RedisThrottlerStorage(redis);
      // Not connected yet: the first hit is counted in this process only.
      expect(redis.status).not.toBe('ready');
      expect(await storage.increment('k', 60_000, 3, 60_000, 'auth')).toMatchObject({ isBlocked: false, totalHits: 1 });
      await redis.connect();
      const later = [];
      for (let i = 0; i < 3; i += 1) later.push(await storage.increment('k', 60_000, 3, 60_000, 'auth'));
      // Redis saw 3 hits (within its limit), but this client made 4: the 4th is refused.
      expect(later.map((h) => h.isBlocked)).toEqual([false, false, true]);
      expect(await redis.get('throttle:auth:k:hits')).toBe('3');
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
      redis.disconnect();
    }
  });
});
