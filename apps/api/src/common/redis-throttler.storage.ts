import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { isUnavailableError } from './service-unavailable';

export interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * Fixed-window counters in Redis, shared by every API instance. One Lua call adds n hits and keeps the
 * count, the window and the block atomic.
 */
const SCRIPT = `
local hitsKey = KEYS[1]
local blockKey = KEYS[2]
local ttl = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local blockDuration = tonumber(ARGV[3])
local n = tonumber(ARGV[4])
local blockTtl = redis.call('PTTL', blockKey)
if blockTtl > 0 then
  local hits = tonumber(redis.call('GET', hitsKey) or '0')
  return { hits, redis.call('PTTL', hitsKey), 1, blockTtl }
end
local hits = redis.call('INCRBY', hitsKey, n)
if hits == n then redis.call('PEXPIRE', hitsKey, ttl) end
local hitsTtl = redis.call('PTTL', hitsKey)
if hitsTtl < 0 then redis.call('PEXPIRE', hitsKey, ttl); hitsTtl = ttl end
if hits > limit then
  redis.call('SET', blockKey, '1', 'PX', blockDuration)
  return { hits, hitsTtl, 1, blockDuration }
end
return { hits, hitsTtl, 0, 0 }
`;

const seconds = (ms: number) => Math.ceil(Math.max(ms, 0) / 1000);

interface LocalWindow {
  hits: number;
  expiresAt: number;
  blockedUntil: number;
}

/**
 * The same fixed window, counted in this process only: used while Redis is away, so the API keeps
 * answering (and keeps limiting each client per instance) instead of failing every request.
 */
export class LocalThrottlerWindows {
  private readonly windows = new Map<string, LocalWindow>();

  increment(key: string, ttl: number, limit: number, blockDuration: number, now = Date.now()): ThrottlerStorageRecord {
    if (this.windows.size > 50_000) this.prune(now);
    let w = this.windows.get(key);
    if (!w || (w.expiresAt <= now && w.blockedUntil <= now)) {
      w = { hits: 0, expiresAt: now + ttl, blockedUntil: 0 };
      this.windows.set(key, w);
    }
    if (w.blockedUntil > now) return { totalHits: w.hits, timeToExpire: seconds(w.expiresAt - now), isBlocked: true, timeToBlockExpire: seconds(w.blockedUntil - now) };
    if (w.expiresAt <= now) Object.assign(w, { hits: 0, expiresAt: now + ttl });
    w.hits += 1;
    if (w.hits > limit) {
      w.blockedUntil = now + Math.max(blockDuration, 1);
      return { totalHits: w.hits, timeToExpire: seconds(w.expiresAt - now), isBlocked: true, timeToBlockExpire: seconds(blockDuration) };
    }
    return { totalHits: w.hits, timeToExpire: seconds(w.expiresAt - now), isBlocked: false, timeToBlockExpire: 0 };
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (w.expiresAt <= now && w.blockedUntil <= now) this.windows.delete(key);
  }
}

interface BatchedCounter {
  ttl: number;
  limit: number;
  blockDuration: number;
  /** Hits counted here and not yet sent to Redis. */
  pending: number;
  /** Hits sent in the flush under way. */
  sending: number;
  /** What Redis answered at the last flush (every instance's hits). */
  known: { hits: number; expiresAt: number; blockedUntil: number } | undefined;
}

export interface RedisThrottlerOptions {
  /** Throttlers counted locally and sent to Redis in batches (generous limits); the others stay exact per hit. */
  batched?: string[];
  /** How often batched hits are sent to Redis. */
  flushMs?: number;
}

const shared = new WeakMap<Redis, RedisThrottlerStorage>();

/** Below this many calls per window a limit is counted exactly, one Redis call per hit. */
const BATCH_MIN_LIMIT = 100;

/**
 * Throttler storage on Redis. Named limits such as 'auth' (a handful of sign-ins per minute) are counted
 * exactly, one atomic Lua call per hit. The generous global limit ('default', hundreds per minute) is
 * counted in process and sent to Redis every flushMs as one INCRBY per client and route: every instance
 * still shares one count, a request no longer waits for a Redis round trip, and a client can exceed the
 * limit by at most what it sends within one flush interval. Redis away: counted per instance meanwhile.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly local = new LocalThrottlerWindows();
  private readonly counters = new Map<string, BatchedCounter>();
  private readonly batched: Set<string>;
  private readonly flushMs: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    options: RedisThrottlerOptions = {},
  ) {
    this.batched = new Set(options.batched ?? []);
    this.flushMs = options.flushMs ?? 50;
  }

  /** One storage per Redis client, so the Nest guard and the catalog fast path share the batched counts. */
  static shared(redis: Redis): RedisThrottlerStorage {
    let storage = shared.get(redis);
    if (!storage) {
      storage = new RedisThrottlerStorage(redis, { batched: ['default'] });
      shared.set(redis, storage);
    }
    return storage;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const counted = this.incrementAtOnce(key, ttl, limit, blockDuration, throttlerName);
    if (counted !== undefined) return counted;
    const base = `throttle:${throttlerName}:${key}`;
    // Redis away: count in this process rather than fail (or wait in the offline queue on) every request.
    if (this.redis.status !== 'ready') return this.local.increment(base, ttl, limit, blockDuration);
    try {
      return this.toRecord(await this.send(base, ttl, limit, blockDuration, 1));
    } catch (error) {
      if (!isUnavailableError(error)) throw error;
      return this.local.increment(base, ttl, limit, blockDuration);
    }
  }

  /**
   * The hit counted without waiting, when this limit is batched (a generous one); undefined when it must be
   * counted exactly in Redis (call increment then). Lets the catalog fast path answer in the same tick.
   */
  incrementAtOnce(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): ThrottlerStorageRecord | undefined {
    // Strict per-route limits (a contact form's few per hour) stay exact even on a batched throttler.
    if (!this.batched.has(throttlerName) || limit < BATCH_MIN_LIMIT) return undefined;
    return this.incrementBatched(`throttle:${throttlerName}:${key}`, ttl, limit, Math.max(blockDuration, 1));
  }

  private async send(base: string, ttl: number, limit: number, blockDuration: number, n: number): Promise<number[]> {
    const result = (await this.redis.eval(SCRIPT, 2, `${base}:hits`, `${base}:block`, ttl, limit, Math.max(blockDuration, 1), n)) as unknown[];
    return result.map(Number);
  }

  private toRecord([totalHits, timeToExpire, blocked, timeToBlockExpire]: number[]): ThrottlerStorageRecord {
    return { totalHits, timeToExpire: seconds(timeToExpire), isBlocked: blocked === 1, timeToBlockExpire: seconds(timeToBlockExpire) };
  }

  private incrementBatched(base: string, ttl: number, limit: number, blockDuration: number, now = Date.now()): ThrottlerStorageRecord {
    let c = this.counters.get(base);
    if (!c) {
      c = { ttl, limit, blockDuration, pending: 0, sending: 0, known: undefined };
      this.counters.set(base, c);
    }
    if (c.known && c.known.expiresAt <= now && c.known.blockedUntil <= now) c.known = undefined;
    if (c.known && c.known.blockedUntil > now) {
      return { totalHits: c.known.hits, timeToExpire: seconds(c.known.expiresAt - now), isBlocked: true, timeToBlockExpire: seconds(c.known.blockedUntil - now) };
    }
    c.pending += 1;
    this.schedule();
    const totalHits = (c.known?.hits ?? 0) + c.sending + c.pending;
    const timeToExpire = seconds(c.known ? c.known.expiresAt - now : ttl);
    if (totalHits > limit) return { totalHits, timeToExpire, isBlocked: true, timeToBlockExpire: seconds(blockDuration) };
    return { totalHits, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  /** Sends every pending count (ioredis pipelines the calls) and keeps what Redis answered. */
  async flush(now = Date.now()): Promise<void> {
    const work: Promise<void>[] = [];
    for (const [base, c] of this.counters) {
      if (c.pending === 0) {
        if (c.sending === 0 && (!c.known || (c.known.expiresAt <= now && c.known.blockedUntil <= now))) this.counters.delete(base);
        continue;
      }
      const n = c.pending;
      c.pending = 0;
      c.sending += n;
      const sent = this.redis.status === 'ready' ? this.send(base, c.ttl, c.limit, c.blockDuration, n) : Promise.reject(new Error('Connection is closed.'));
      work.push(
        sent.then(
          ([hits, hitsTtl, blocked, blockTtl]) => {
            const at = Date.now();
            c.known = { hits, expiresAt: at + Math.max(hitsTtl, 0), blockedUntil: blocked === 1 ? at + blockTtl : 0 };
          },
          () => {
            // Redis away: keep counting here, in this instance's window.
            const at = Date.now();
            c.known = c.known && c.known.expiresAt > at ? { ...c.known, hits: c.known.hits + n } : { hits: n, expiresAt: at + c.ttl, blockedUntil: 0 };
            if (c.known.hits > c.limit && c.known.blockedUntil <= at) c.known.blockedUntil = at + c.blockDuration;
          },
        ).finally(() => {
          c.sending -= n;
        }),
      );
    }
    await Promise.all(work);
  }
}
