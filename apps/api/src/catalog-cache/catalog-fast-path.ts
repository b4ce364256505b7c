import type { INestApplication } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AppConfig } from '@shop/config';
import { requestIdOf } from '../app.module';
import { RedisThrottlerStorage, type ThrottlerStorageRecord } from '../common/redis-throttler.storage';
import { REDIS } from '../redis/redis.module';
import { authCookieValue, bearerToken, unverifiedSubject } from '../auth/auth-cookie';
import { SessionCache } from '../auth/session-cache';
import { clientAddress, isSharedGuestRequest, matchesEtag } from './public-cache';
import { ResponseCache, type CachedResponse } from './response-cache';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The roles of recent signed-in callers (the SessionCache). */
export interface KnownSessions {
  get(userId: string): { isAdmin: boolean; isDistributor: boolean } | undefined;
}

const THROTTLE_TTL_MS = 60_000;
const MAX_REMEMBERED_KEYS = 10_000;

/** A cached answer's headers as Node's flat [name, value, name, value…] list, with and without the body's. */
interface FlatHeaders {
  full: (string | string[])[];
  notModified: (string | string[])[];
}

/**
 * Answers a guest's GET of a cached catalog answer straight from the HTTP server, before Express and Nest:
 * the stored bytes and headers, a fresh X-Request-Id, the global throttler counted under the very key the
 * ThrottlerGuard uses for that route (so limits and X-RateLimit-* headers are unchanged), and a 304 when
 * If-None-Match names the ETag. Everything else (misses, a blocked client, admins and distributors) goes through
 * the full pipeline. Cache hits are counted (ResponseCache.hits), not access-logged one by one.
 *
 * A signed-in customer is answered here too, when the session cache knows the token's user as neither admin nor
 * distributor: such a caller's catalog answers are the guests' (drafts and pending products show only to admins
 * and to their owner, and the cache holds only answers a guest could see, 200s). The token's signature is not
 * checked here because it cannot change the answer: a forged or revoked token gets the guest answer from the full
 * pipeline too, and a token naming an admin or a distributor, or a user the cache does not know, goes there.
 */
export class CatalogFastPath {
  private readonly storage: RedisThrottlerStorage;
  private readonly keys = new Map<string, string>();
  private readonly flat = new WeakMap<CachedResponse, FlatHeaders>();

  constructor(
    private readonly cache: ResponseCache,
    redis: Redis,
    private readonly config: Pick<AppConfig, 'rateLimitDefault' | 'trustProxyHops'>,
    private readonly sessions?: KnownSessions,
  ) {
    this.storage = RedisThrottlerStorage.shared(redis);
  }

  /** Puts the fast path in front of the server's request listeners (Express). */
  install(server: Server): void {
    if (!this.cache.enabled) return;
    const listeners = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    const full: Listener = (req, res) => {
      for (const listener of listeners) listener.call(server, req, res);
    };
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      let handled: boolean;
      try {
        handled = this.tryAnswer(req, res, full);
      } catch {
        // Whatever went wrong before an answer was sent, the full pipeline answers instead (never a crash here).
        handled = res.headersSent;
      }
      if (!handled) full(req, res);
    });
  }

  /** True when the request is answered (or handed on) here. */
  tryAnswer(req: IncomingMessage, res: ServerResponse, full: Listener): boolean {
    if (req.url === undefined || !this.getsGuestAnswer(req)) return false;
    const entry = this.cache.lookup(req.url);
    if (!entry) return false;
    const tracker = normalizeIp(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.config.trustProxyHops));
    const key = this.throttlerKey(entry.route, tracker);
    const limit = this.config.rateLimitDefault;
    // The generous global limit is counted in process (no wait); a strict one goes to Redis first.
    const counted = this.storage.incrementAtOnce(key, THROTTLE_TTL_MS, limit, THROTTLE_TTL_MS, 'default');
    if (counted !== undefined) {
      this.reply(req, res, entry, counted, full);
    } else {
      this.storage.increment(key, THROTTLE_TTL_MS, limit, THROTTLE_TTL_MS, 'default').then(
        (hit) => this.reply(req, res, entry, hit, full),
        () => full(req, res),
      );
    }
    return true;
  }

  /** A guest, or a signed-in customer known to the session cache (see the class comment). */
  private getsGuestAnswer(req: IncomingMessage): boolean {
    if (isSharedGuestRequest(req.method, req.headers)) return true;
    if (req.method !== 'GET' || req.headers.origin !== undefined || this.sessions === undefined) return false;
    // The token the authentication guard would use: the bearer token first, else the session cookie.
    const token = bearerToken(req.headers.authorization) ?? authCookieValue(req.headers.cookie);
    const userId = token === undefined ? undefined : unverifiedSubject(token);
    const user = userId === undefined ? undefined : this.sessions.get(userId);
    return user !== undefined && !user.isAdmin && !user.isDistributor;
  }

  /** The key ThrottlerGuard uses for this route and client (a sha256, remembered: it is the same all day). */
  private throttlerKey(route: string, tracker: string): string {
    const name = `${route}-default-${tracker}`;
    let key = this.keys.get(name);
    if (key === undefined) {
      if (this.keys.size >= MAX_REMEMBERED_KEYS) this.keys.clear();
      key = createHash('sha256').update(name).digest('hex');
      this.keys.set(name, key);
    }
    return key;
  }

  /**
   * Sends the stored answer with one writeHead of a flat header list (the stored headers, flattened once per
   * entry, plus this request's id and counters): Node then checks and writes each header once, with no
   * per-request header map.
   */
  private reply(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, hit: ThrottlerStorageRecord, full: Listener): void {
    // A blocked client gets the full pipeline's 429 answer.
    if (hit.isBlocked) return full(req, res);
    const limit = this.config.rateLimitDefault;
    const perRequest: (string | string[])[] = ['X-Request-Id', requestIdOf(req), 'X-RateLimit-Limit', String(limit), 'X-RateLimit-Remaining', String(Math.max(0, limit - hit.totalHits)), 'X-RateLimit-Reset', String(hit.timeToExpire)];
    const flat = this.flatHeaders(entry);
    const notModified = matchesEtag(req.headers['if-none-match'], entry.etag);
    try {
      res.writeHead(notModified ? 304 : entry.status, perRequest.concat(notModified ? flat.notModified : flat.full));
    } catch {
      // Node checks every header before it sends any: a refused one leaves nothing sent, so the full pipeline
      // answers instead.
      return full(req, res);
    }
    if (notModified) res.end();
    else res.end(entry.body);
  }

  private flatHeaders(entry: CachedResponse): FlatHeaders {
    let flat = this.flat.get(entry);
    if (flat === undefined) {
      const full: (string | string[])[] = [];
      const notModified: (string | string[])[] = [];
      for (const [name, value] of Object.entries(entry.headers)) {
        full.push(name, value);
        if (name !== 'content-type' && name !== 'content-length') notModified.push(name, value);
      }
      flat = { full, notModified };
      this.flat.set(entry, flat);
    }
    return flat;
  }
}

export function installCatalogFastPath(app: INestApplication, config: AppConfig): void {
  new CatalogFastPath(app.get(ResponseCache), app.get<Redis>(REDIS), config, app.get(SessionCache)).install(app.getHttpServer() as Server);
}
