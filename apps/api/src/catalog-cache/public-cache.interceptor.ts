import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { tap, type Observable } from 'rxjs';
import { isGuestAnswer, PUBLIC_CACHE, replayableHeaders, type PublicCacheOptions } from './public-cache';
import { ResponseCache } from './response-cache';

type End = Response['end'];

/**
 * On a @PublicCache() route, a guest's successful answer is kept whole (the bytes Express sends and the
 * headers every middleware set) for the catalog fast path. The answer is captured at res.end, after the
 * guards, the handler and the serialisation ran exactly as for any other request. A signed-in customer's
 * answer is a guest's answer too (only admins and distributors may see more) and is kept the same way, except
 * on routes where an owner sees more (@PublicCache({ ownersSeeMore: true })): there only guests' answers are.
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: ResponseCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || !this.cache.enabled) return next.handle();
    const options = this.reflector.get<PublicCacheOptions | undefined>(PUBLIC_CACHE, context.getHandler());
    if (options === undefined) return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (!isGuestAnswer(req.method, req.headers, req.user) || (req.user !== undefined && options.ownersSeeMore === true)) return next.handle();
    const ticket = this.cache.begin(req.originalUrl);
    if (!ticket) return next.handle();
    const route = `${context.getClass().name}-${context.getHandler().name}`;
    const cache = this.cache;
    // The handler's value, before serialisation: a single document's answer names it (for stock changes).
    let subject: string | undefined;
    const end: End = res.end;
    res.end = function capture(this: Response, ...args: unknown[]) {
      res.end = end;
      const [chunk, encoding] = args;
      if (res.statusCode === 200 && chunk !== undefined && typeof chunk !== 'function' && res.getHeader('set-cookie') === undefined) {
        const body = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
        const etag = res.getHeader('etag');
        cache.store(ticket, { status: 200, headers: replayableHeaders(res.getHeaders()), body, etag: typeof etag === 'string' ? etag : undefined, route, ...(subject !== undefined ? { subject } : {}) });
      }
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as End;
    return next.handle().pipe(
      tap((value: unknown) => {
        if (value !== null && typeof value === 'object' && !Array.isArray(value) && '_id' in value) subject = String((value as { _id: unknown })._id);
      }),
    );
  }
}
