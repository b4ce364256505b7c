import type { INestApplication } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AppConfig } from '@shop/config';
import { requestId } from '../app.module';
import { RedisThrottlerStorage } from '../common/redis-throttler.storage';
import { REDIS } from '../redis/redis.module';
import { clientAddress, isSharedGuestRequest, matchesEtag } from './public-cache';
import { ResponseCache, type CachedResponse } from './response-cache';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const THROTTLE_TTL_MS = 60_000;

/**
 * Answers a guest's GET of a cached catalog answer straight from the HTTP server, before Express and Nest:
 * the stored bytes and headers, a fresh X-Request-Id, the global throttler counted under the very key the
 * ThrottlerGuard uses for that route (so limits and X-RateLimit-* headers are unchanged), and a 304 when
 * If-None-Match names the ETag. Everything else (misses, signed-in calls, a blocked client) goes through the
 * full pipeline. Cache hits are counted (ResponseCache.hits), not access-logged one by one.
 */
export class CatalogFastPath {
  private readonly storage: RedisThrottlerStorage;

  constructor(
    private readonly cache: ResponseCache,
    redis: Redis,
    private readonly config: Pick<AppConfig, 'rateLimitDefault' | 'trustProxyHops'>,
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
      if (!this.tryAnswer(req, res, full)) full(req, res);
    });
  }

  /** True when the request is answered (or handed on) here. */
  tryAnswer(req: IncomingMessage, res: ServerResponse, full: Listener): boolean {
    if (!isSharedGuestRequest(req.method, req.headers) || req.url === undefined) return false;
    const entry = this.cache.lookup(req.url);
    if (!entry) return false;
    this.answer(req, res, entry, full).catch(() => full(req, res));
    return true;
  }

  private async answer(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, full: Listener): Promise<void> {
    const tracker = normalizeIp(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.config.trustProxyHops));
    const key = createHash('sha256').update(`${entry.route}-default-${tracker}`).digest('hex');
    const limit = this.config.rateLimitDefault;
    const hit = await this.storage.increment(key, THROTTLE_TTL_MS, limit, THROTTLE_TTL_MS, 'default');
    // A blocked client gets the full pipeline's 429 answer.
    if (hit.isBlocked) return full(req, res);
    requestId(req, res);
    res.setHeader('X-RateLimit-Limit', limit);
    res.setHeader('X-RateLimit-Remaining', Math.max(0, limit - hit.totalHits));
    res.setHeader('X-RateLimit-Reset', hit.timeToExpire);
    if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
      const { ['content-type']: _type, ['content-length']: _length, ...headers } = entry.headers;
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(entry.status, entry.headers);
    res.end(entry.body);
  }
}

export function installCatalogFastPath(app: INestApplication, config: AppConfig): void {
  new CatalogFastPath(app.get(ResponseCache), app.get<Redis>(REDIS), config).install(app.getHttpServer() as Server);
}
