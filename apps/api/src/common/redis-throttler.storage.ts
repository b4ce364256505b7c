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
 * Fixed-window counters in Redis, shared by every API instance. One Lua call adds a hit and keeps the
 * count, the window and the block atomic.
 */
const SCRIPT = `
local hitsKey = KEYS[1]
local blockKey = KEYS[2]
local ttl = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local blockDuration = tonumber(ARGV[3])
local blockTtl = redis.call('PTTL', blockKey)
if blockTtl > 0 then
  local hits = tonumber(redis.call('GET', hitsKey) or '0')
  return { hits, redis.call('PTTL', hitsKey), 1, blockTtl }
end
local hits = redis.call('INCR', hitsKey)
if hits == 1 then redis.call('PEXPIRE', hitsKey, ttl) end
local hitsTtl = redis.call('PTTL', hitsKey)
if hitsTtl < 0 then redis.call('PEXPIRE', hitsKey, ttl); hitsTtl = ttl end
if hits > limit then
  redis.call('SET', blockKey, '1', 'PX', blockDuration)
  return { hits, hitsTtl, 1, blockDuration }
end
return { hits, hitsTtl, 0, 0 }
`;

const COMMAND = 'shopThrottleHit';

interface ThrottleCommand {
  [COMMAND](hitsKey: string, blockKey: string, ttl: number, limit: number, blockDuration: number): Promise<unknown[]>;
}

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

/** The shared count decides, unless the local count of the same window already blocks the client. */
const stricter = (shared: ThrottlerStorageRecord, local: ThrottlerStorageRecord): ThrottlerStorageRecord =>
  !shared.isBlocked && local.isBlocked ? local : shared;

/**
 * The ThrottlerGuard's storage (the ThrottlerStorage interface of @nestjs/throttler), on Redis and shared by
 * every API instance. The guard computes the key; this storage only counts under it. Every hit is one atomic
 * Lua call (count, window and block together), awaited before the guard decides: a count is never held back in
 * process, so the (n+1)th request of a window is refused on any instance at once.
 *
 * Each instance also counts every hit in its own memory (LocalThrottlerWindows) and answers with the stricter
 * of the two counts. While Redis is away (or still connecting at boot) that local count is the only one; when
 * Redis comes back the hits it missed are not forgotten, so a Redis blip never lets a client past the limit.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly local = new LocalThrottlerWindows();

  constructor(private readonly redis: Redis) {
    // EVALSHA with a fallback to EVAL: the script's text is not sent with every hit.
    if (typeof (redis as Partial<ThrottleCommand>)[COMMAND] !== 'function') redis.defineCommand(COMMAND, { numberOfKeys: 2, lua: SCRIPT });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const base = `throttle:${throttlerName}:${key}`;
    const local = this.local.increment(base, ttl, limit, blockDuration);
    // Redis away: the local count decides, rather than failing (or waiting in the offline queue on) every request.
    if (this.redis.status !== 'ready') return local;
    try {
      const result = await (this.redis as Redis & ThrottleCommand)[COMMAND](`${base}:hits`, `${base}:block`, ttl, limit, Math.max(blockDuration, 1));
      const [totalHits, timeToExpire, blocked, timeToBlockExpire] = result.map(Number);
      return stricter({ totalHits, timeToExpire: seconds(timeToExpire), isBlocked: blocked === 1, timeToBlockExpire: seconds(timeToBlockExpire) }, local);
    } catch (error) {
      if (!isUnavailableError(error)) throw error;
      return local;
    }
  }
}
