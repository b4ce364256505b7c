import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, of, tap, type Observable } from 'rxjs';
import { catalogCacheControl, catalogView, PUBLIC_CACHE, replayableHeaders, type PublicCacheOptions } from './public-cache';
import { MemoizedReflector } from '../common/memoized-reflector';
import { varyAdding } from '../http/vary';
import { ResponseCache, type CachedResponse } from './response-cache';

type End = FastifyReply['raw']['end'];

/** The Vary value of a catalog answer: the route's own, with the caller's credentials. */
const varyByCaller = varyAdding('Authorization', 'Cookie');

/**
 * The catalog cache, inside Nest's pipeline. On a @PublicCache() route it runs after the guards (the caller is
 * resolved, the throttler has counted the request and set the X-RateLimit-* headers) and:
 *
 * - sends Cache-Control (public with s-maxage and stale-while-revalidate for a guest's answer to a guest, private
 *   otherwise: see catalogCacheControl) and Vary: Authorization, Cookie with every successful answer, fresh or
 *   cached (not with errors);
 * - answers a caller who gets a guest's answer from the cache when it holds the URL: the stored body and the
 *   headers its handler set (Content-Type, ETag, X-Total-Count…), sent like the handler's answer: the ETag hook
 *   (http/etag.ts) answers 304 with no body when If-None-Match names the ETag (strong or weak, a list, or `*`);
 * - otherwise runs the handler and keeps a guest's successful answer, captured at res.end (after the
 *   serialisation, with the ETag the ETag hook computed from its bytes);
 * - while another request is computing the same answer, waits for it and sends it (or, if it was not kept,
 *   computes its own): an expired list costs one database query, not one per waiting connection.
 *
 * Admins and distributors (they see drafts and pending products), and signed-in owners on routes where an owner
 * sees more (@PublicCache({ ownersSeeMore: true })), are never answered from the cache and their answers are
 * never kept. A cross-origin request (Origin) is neither: its CORS headers are its own.
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: MemoizedReflector,
    private readonly cache: ResponseCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const options = this.reflector.get<PublicCacheOptions | undefined>(PUBLIC_CACHE, context.getHandler());
    if (options === undefined) return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    const view = catalogView(req.user, options);
    const cacheControl = catalogCacheControl(view, req.headers);
    // On successful answers only: an error (a 503 above all) is not for a shared cache to keep.
    const setCaching = () => {
      res.header('Cache-Control', cacheControl);
      res.header('Vary', varyByCaller(res.getHeader('vary')));
    };
    if (view !== 'guest' || req.method !== 'GET' || req.headers.origin !== undefined || !this.cache.enabled)
      return next.handle().pipe(tap(setCaching));

    const key = req.originalUrl;
    const hit = this.cache.lookup(key);
    if (hit) return this.replay(hit, res, setCaching);
    // Another request is computing this answer: wait for it rather than query the database again.
    const flight = this.cache.inFlight(key);
    if (flight)
      return from(flight).pipe(mergeMap((entry) => (entry ? this.replay(entry, res, setCaching) : this.compute(key, res, next, setCaching))));
    return this.compute(key, res, next, setCaching);
  }

  /** A kept answer, sent like the handler's: its ETag is already set, so the ETag hook only compares it with If-None-Match. */
  private replay(entry: CachedResponse, res: FastifyReply, setCaching: () => void): Observable<unknown> {
    setCaching();
    res.headers(entry.headers);
    return of(entry.body);
  }

  /** Runs the handler and keeps a guest's successful answer, captured at the raw response's end. */
  private compute(key: string, res: FastifyReply, next: CallHandler, setCaching: () => void): Observable<unknown> {
    const ticket = this.cache.begin(key);
    if (!ticket) return next.handle();
    const cache = this.cache;
    // What the middleware and the guards set: not the handler's, and set again on every request.
    const before = res.getHeaders();
    // The handler's value, before serialisation: a single document's answer names it (for stock changes).
    let subject: string | undefined;
    const raw = res.raw;
    const end: End = raw.end.bind(raw);
    // A request cut off before its answer ends the computation too, so that nobody waits for it.
    raw.once('close', () => cache.finish(ticket));
    raw.end = function capture(this: FastifyReply['raw'], ...args: unknown[]) {
      raw.end = end;
      const [chunk, encoding] = args;
      let entry: Omit<CachedResponse, 'storedAt'> | undefined;
      if (
        res.statusCode === 200 &&
        chunk !== undefined &&
        chunk !== null &&
        typeof chunk !== 'function' &&
        res.getHeader('set-cookie') === undefined
      ) {
        const etag = res.getHeader('etag');
        // Without an ETag a hit would make the ETag hook hash the body again: such an answer is not kept.
        if (typeof etag === 'string' && (typeof encoding !== 'string' || encoding === 'utf8' || encoding === 'utf-8')) {
          const body = Buffer.isBuffer(chunk) ? Buffer.from(chunk) : Buffer.from(typeof chunk === 'string' ? chunk : JSON.stringify(chunk), 'utf8');
          entry = { status: 200, headers: replayableHeaders(res.getHeaders(), before), body, etag, ...(subject !== undefined ? { subject } : {}) };
        }
      }
      cache.finish(ticket, entry);
      return (end as (...a: unknown[]) => FastifyReply['raw']).apply(this, args);
    } as End;
    return next.handle().pipe(
      tap((value: unknown) => {
        setCaching();
        if (value !== null && typeof value === 'object' && !Array.isArray(value) && '_id' in value) subject = String(value._id);
      }),
    );
  }
}
