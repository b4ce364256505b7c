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
 * Fixed-window counters in Redis, shared by every API instance. One Lua call counts a batch of hits in order,
 * each keeping its count, window and block atomic: KEYS are (hits, block) pairs, ARGV (ttl, limit, block
 * duration) triples, and the answer is (hits, hits TTL, blocked, block TTL) for each hit in turn.
 */
const SCRIPT = `
local out = {}
for i = 1, #KEYS / 2 do
  local hitsKey = KEYS[2 * i - 1]
  local blockKey = KEYS[2 * i]
  local ttl = tonumber(ARGV[3 * i - 2])
  local limit = tonumber(ARGV[3 * i - 1])
  local blockDuration = tonumber(ARGV[3 * i])
  local blockTtl = redis.call('PTTL', blockKey)
  local n = #out
  if blockTtl > 0 then
    out[n + 1] = tonumber(redis.call('GET', hitsKey) or '0')
    out[n + 2] = redis.call('PTTL', hitsKey)
    out[n + 3] = 1
    out[n + 4] = blockTtl
  else
    local hits = redis.call('INCR', hitsKey)
    if hits == 1 then redis.call('PEXPIRE', hitsKey, ttl) end
    local hitsTtl = redis.call('PTTL', hitsKey)
    if hitsTtl < 0 then redis.call('PEXPIRE', hitsKey, ttl); hitsTtl = ttl end
    out[n + 1] = hits
    out[n + 2] = hitsTtl
    if hits > limit then
      redis.call('SET', blockKey, '1', 'PX', blockDuration)
      out[n + 3] = 1
      out[n + 4] = blockDuration
    else
      out[n + 3] = 0
      out[n + 4] = 0
    end
  end
end
return out
`;

/** The client command that runs SCRIPT (EVALSHA, with a fallback to EVAL). */
export const THROTTLE_COMMAND = 'shopThrottleHits';

/** The most hits one Lua call counts; a larger batch is sent as several calls. */
export const MAX_HITS_PER_CALL = 128;

interface ThrottleCommand {
  /** numberOfKeys, then the keys, then the arguments (the script's KEYS and ARGV). */
  [THROTTLE_COMMAND](numberOfKeys: number, ...keysAndArgs: Array<string | number>): Promise<unknown[]>;
}

/** A hit waiting for the next Lua call. */
interface PendingHit {
  base: string;
  ttl: number;
  limit: number;
  blockDuration: number;
  resolve(record: ThrottlerStorageRecord): void;
  reject(error: unknown): void;
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
 * every API instance. The guard computes the key; this storage only counts under it. Every hit is counted in
 * Redis, atomically (count, window and block together), before the guard decides: a count is never held back in
 * process, so the (n+1)th request of a window is refused on any instance at once.
 *
 * The hits that arrive in the same turn of the event loop share one Lua call (counted in their order of
 * arrival): under load that is one Redis command for many requests instead of one each, which is what the
 * client's per-command objects and the garbage they left cost (docs/performance.md). A hit waits at most until
 * the end of the current turn for its call to leave.
 *
 * Each instance also counts every hit in its own memory (LocalThrottlerWindows) and answers with the stricter
 * of the two counts. While Redis is away (or still connecting at boot) that local count is the only one; when
 * Redis comes back the hits it missed are not forgotten, so a Redis blip never lets a client past the limit.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly local = new LocalThrottlerWindows();
  private pending: PendingHit[] = [];

  constructor(private readonly redis: Redis) {
    // EVALSHA with a fallback to EVAL: the script's text is not sent with every call.
    if (typeof (redis as Partial<ThrottleCommand>)[THROTTLE_COMMAND] !== 'function') redis.defineCommand(THROTTLE_COMMAND, { lua: SCRIPT });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const base = `throttle:${throttlerName}:${key}`;
    const local = this.local.increment(base, ttl, limit, blockDuration);
    // Redis away: the local count decides, rather than failing (or waiting in the offline queue on) every request.
    if (this.redis.status !== 'ready') return local;
    try {
      return stricter(await this.countShared(base, ttl, limit, Math.max(blockDuration, 1)), local);
    } catch (error) {
      if (!isUnavailableError(error)) throw error;
      return local;
    }
  }

  private countShared(base: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    return new Promise((resolve, reject) => {
      if (this.pending.push({ base, ttl, limit, blockDuration, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const hits = this.pending;
    this.pending = [];
    for (let from = 0; from < hits.length; from += MAX_HITS_PER_CALL) this.send(hits.slice(from, from + MAX_HITS_PER_CALL));
  }

  private send(hits: PendingHit[]): void {
    const keys: string[] = [];
    const args: number[] = [];
    for (const hit of hits) {
      keys.push(`${hit.base}:hits`, `${hit.base}:block`);
      args.push(hit.ttl, hit.limit, hit.blockDuration);
    }
    (this.redis as Redis & ThrottleCommand)[THROTTLE_COMMAND](keys.length, ...keys, ...args).then(
      (result) => {
        hits.forEach((hit, i) => {
          const at = 4 * i;
          hit.resolve({
            totalHits: Number(result[at]),
            timeToExpire: seconds(Number(result[at + 1])),
            isBlocked: Number(result[at + 2]) === 1,
            timeToBlockExpire: seconds(Number(result[at + 3])),
          });
        });
      },
      (error: unknown) => {
        for (const hit of hits) hit.reject(error);
      },
    );
  }
}
