import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';

/**
 * Deprecated routes announce it on every answer they give (issue #41), in the standard headers:
 * - `Deprecation: @<unix seconds>`, when the route was deprecated (RFC 9745, a structured-field date);
 * - `Sunset: <HTTP-date>`, after which it may stop answering (RFC 8594);
 * - `Link: <successor>; rel="successor-version"`, the route to call instead (RFC 5829).
 * Put `@Deprecated({ ... })` on the handler beside `@ApiOperation({ deprecated: true })`; openapi.ts documents the
 * three headers on the 2xx answers of every deprecated operation.
 */
export interface DeprecationNotice {
  /** When the route was deprecated. */
  since: Date;
  /** When it may be removed. */
  sunset: Date;
  /** The successor's path, or a function of the request for a route whose successor depends on it. */
  successor: string | ((request: FastifyRequest) => string);
}

/** The dates of the routes deprecated in #25 (2026-11-26), removable six months after issue #41. */
export const DEPRECATED_IN_25 = { since: new Date('2026-11-26T00:00:00Z'), sunset: new Date('2027-06-01T00:00:00Z') } as const;

const DEPRECATION = 'shop:deprecation';

/** The three headers of a notice for a request, by name. */
export function deprecationHeaders(notice: DeprecationNotice, request: FastifyRequest): Record<'Deprecation' | 'Sunset' | 'Link', string> {
  const successor = typeof notice.successor === 'function' ? notice.successor(request) : notice.successor;
  return {
    Deprecation: `@${Math.floor(notice.since.getTime() / 1000)}`,
    Sunset: notice.sunset.toUTCString(),
    Link: `<${successor}>; rel="successor-version"`,
  };
}

@Injectable()
export class DeprecationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const notice = this.reflector.get<DeprecationNotice | undefined>(DEPRECATION, context.getHandler());
    if (notice) {
      const http = context.switchToHttp();
      // Set before the handler runs, so an error it answers with carries them too.
      http.getResponse<FastifyReply>().headers(deprecationHeaders(notice, http.getRequest<FastifyRequest>()));
    }
    return next.handle();
  }
}

/** Marks a handler deprecated at runtime: its answers carry Deprecation, Sunset and a successor Link. */
export const Deprecated = (notice: DeprecationNotice): MethodDecorator =>
  applyDecorators(SetMetadata(DEPRECATION, notice), UseInterceptors(DeprecationInterceptor));

/** A path parameter of the request, for successors built from the route's own path. */
export function pathParam(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, string | undefined> | undefined)?.[name];
  return encodeURIComponent(value ?? '');
}
