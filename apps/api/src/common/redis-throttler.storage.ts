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
 * Fixed-window counters in Redis, shared by every API instance. One Lua call counts a batch of hits in order.
 * Hits on the same counter arrive together (a page's requests, a busy client) and are sent as one group with
 * their number: KEYS are (hits, block) pairs, ARGV (ttl, limit, block duration, count) quadruples, one per group.
 *
 * A group's hits are counted one after the other, as if each were its own call: each adds one to the window's
 * count until one goes over the limit, which starts the block; the hits after it are refused by that block and
 * not counted. So the script adds `counted` at once and answers, per group, (count before the group, counted,
 * window TTL, block TTL): the block's remaining time when the counter was already blocked (then counted is 0),
 * the block duration when this group started it, 0 otherwise. expandGroup turns that into each hit's record.
 */
const SCRIPT = `
local out = {}
for i = 1, #KEYS / 2 do
  local hitsKey = KEYS[2 * i - 1]
  local blockKey = KEYS[2 * i]
  local ttl = tonumber(ARGV[4 * i - 3])
  local limit = tonumber(ARGV[4 * i - 2])
  local blockDuration = tonumber(ARGV[4 * i - 1])
  local count = tonumber(ARGV[4 * i])
  local blockTtl = redis.call('PTTL', blockKey)
  local n = #out
  local before = tonumber(redis.call('GET', hitsKey) or '0')
  if blockTtl > 0 then
    out[n + 1] = before
    out[n + 2] = 0
    out[n + 3] = redis.call('PTTL', hitsKey)
    out[n + 4] = blockTtl
  else
    local counted = math.min(count, math.max(limit - before, 0) + 1)
    local hits = redis.call('INCRBY', hitsKey, counted)
    if before == 0 then redis.call('PEXPIRE', hitsKey, ttl) end
    local hitsTtl = redis.call('PTTL', hitsKey)
    if hitsTtl < 0 then redis.call('PEXPIRE', hitsKey, ttl); hitsTtl = ttl end
    out[n + 1] = before
    out[n + 2] = counted
    out[n + 3] = hitsTtl
    if hits > limit then
      redis.call('SET', blockKey, '1', 'PX', blockDuration)
      out[n + 4] = blockDuration
    else
      out[n + 4] = 0
    end
  end
end
return out
`;

/** The client command that runs SCRIPT (EVALSHA, with a fallback to EVAL). */
export const THROTTLE_COMMAND = 'shopThrottleHits';

/** The most counters (groups of hits) one Lua call counts; more are sent as several calls. */
export const MAX_GROUPS_PER_CALL = 128;

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
  /** The shared count's record, or undefined when Redis went away before the hit could leave. */
  resolve(record: ThrottlerStorageRecord | undefined): void;
  reject(error: unknown): void;
}

/** The hits of one turn on one counter, in their order of arrival. */
interface HitGroup {
  base: string;
  ttl: number;
  limit: number;
  blockDuration: number;
  hits: PendingHit[];
}

const seconds = (ms: number) => Math.ceil(Math.max(ms, 0) / 1000);

/**
 * Each hit's record from its group's answer (see SCRIPT): the counted hits get the counts after the group's
 * start in turn (blocked from the first one over the limit), the rest are refused by the block.
 */
function expandGroup(group: Pick<HitGroup, 'limit'> & { size: number }, answer: readonly unknown[]): ThrottlerStorageRecord[] {
  const [before, counted, hitsTtl, blockTtl] = answer.map(Number);
  const timeToExpire = seconds(hitsTtl);
  const records: ThrottlerStorageRecord[] = [];
  for (let i = 0; i < group.size; i++) {
    if (i < counted) {
      const totalHits = before + i + 1;
      const isBlocked = totalHits > group.limit;
      records.push({ totalHits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? seconds(blockTtl) : 0 });
    } else {
      records.push({ totalHits: before + counted, timeToExpire, isBlocked: true, timeToBlockExpire: seconds(blockTtl) });
    }
  }
  return records;
}

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
    if (w.blockedUntil > now)
      return { totalHits: w.hits, timeToExpire: seconds(w.expiresAt - now), isBlocked: true, timeToBlockExpire: seconds(w.blockedUntil - now) };
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
 * Hits share Lua calls (counted in their order of arrival), like a database's group commit: a hit that finds no
 * call under way leaves at the end of the current turn of the event loop, with every hit of that turn; while a
 * call is under way, new hits wait for its answer and then leave together in the next call. Under load that is
 * one Redis command per round trip instead of one per request or per turn: each command costs the API a socket
 * write that wakes Redis, and the client's per-command objects (docs/performance.md). Waiting costs the hit
 * little, as Redis answers one connection's commands in order: a call sent earlier would only queue behind the one
 * under way. A hit waits at most one call's round trip longer than before.
 *
 * Each instance also counts every hit in its own memory (LocalThrottlerWindows) and answers with the stricter
 * of the two counts. While Redis is away (or still connecting at boot) that local count is the only one; when
 * Redis comes back the hits it missed are not forgotten, so a Redis blip never lets a client past the limit.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly local = new LocalThrottlerWindows();
  private pending: PendingHit[] = [];
  /** Lua calls sent and not answered yet. */
  private callsUnderWay = 0;
  /** Whether a flush waits for the end of the turn. */
  private flushScheduled = false;

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
      const shared = await this.countShared(base, ttl, limit, Math.max(blockDuration, 1));
      return shared === undefined ? local : stricter(shared, local);
    } catch (error) {
      if (!isUnavailableError(error)) throw error;
      return local;
    }
  }

  private countShared(base: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ base, ttl, limit, blockDuration, resolve, reject });
      this.scheduleFlush();
    });
  }

  /** The waiting hits leave at the end of this turn, unless a call is under way: then they leave after its answer. */
  private scheduleFlush(): void {
    if (this.flushScheduled || this.callsUnderWay > 0 || this.pending.length === 0) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const hits = this.pending;
    this.pending = [];
    // Redis went away while these waited: the local count decides for them, as for the hits that arrive now.
    if (this.redis.status !== 'ready') {
      for (const hit of hits) hit.resolve(undefined);
      return;
    }
    // One group per counter (and window), in the order of each counter's first hit.
    const groups: HitGroup[] = [];
    const open = new Map<string, HitGroup>();
    for (const hit of hits) {
      let group = open.get(hit.base);
      if (group === undefined || group.ttl !== hit.ttl || group.limit !== hit.limit || group.blockDuration !== hit.blockDuration) {
        group = { base: hit.base, ttl: hit.ttl, limit: hit.limit, blockDuration: hit.blockDuration, hits: [] };
        groups.push(group);
        open.set(hit.base, group);
      }
      group.hits.push(hit);
    }
    for (let from = 0; from < groups.length; from += MAX_GROUPS_PER_CALL) this.send(groups.slice(from, from + MAX_GROUPS_PER_CALL));
  }

  private send(groups: HitGroup[]): void {
    const keys: string[] = [];
    const args: number[] = [];
    for (const group of groups) {
      keys.push(`${group.base}:hits`, `${group.base}:block`);
      args.push(group.ttl, group.limit, group.blockDuration, group.hits.length);
    }
    this.callsUnderWay += 1;
    const redis = this.redis as Redis & ThrottleCommand;
    redis[THROTTLE_COMMAND](keys.length, ...keys, ...args)
      .then(
        (result) => {
          groups.forEach((group, i) => {
            const records = expandGroup({ limit: group.limit, size: group.hits.length }, result.slice(4 * i, 4 * i + 4));
            group.hits.forEach((hit, j) => hit.resolve(records[j]));
          });
        },
        (error: unknown) => {
          for (const group of groups) for (const hit of group.hits) hit.reject(error);
        },
      )
      .finally(() => {
        this.callsUnderWay -= 1;
        this.scheduleFlush();
      });
  }
}
