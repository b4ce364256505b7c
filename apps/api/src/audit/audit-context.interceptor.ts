import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { auditContext, type AuditRequest, type DocumentChange } from '@shop/database';
import type { FastifyRequest } from 'fastify';
import { catchError, concatMap, from, mergeMap, Observable, throwError } from 'rxjs';
import { AuditService } from './audit.service';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The audit context of a request: an admin's write (POST, PUT, PATCH, DELETE), else none. */
export function auditRequestOf(req: FastifyRequest): AuditRequest | undefined {
  const user = req.user;
  if (!user?.isAdmin || !WRITE_METHODS.has(req.method)) return undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.params ?? {})) if (typeof value === 'string') params[key] = value;
  const route = req.routeOptions.url;
  const requestId: unknown = req.id;
  return {
    actor: { id: user.id, name: user.username, email: user.email },
    method: req.method,
    route: route ?? req.url.split('?')[0] ?? '',
    params,
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

/**
 * Global interceptor: runs each admin's write request inside an audit context (guards have resolved the caller
 * by now), so that the audit plugin of every model sees what it changes, whichever module writes, and records the
 * request as one entry of the audit log (AuditService.record). Other requests pass through untouched.
 */
@Injectable()
export class AuditContextInterceptor implements NestInterceptor {
  constructor(private readonly audit: AuditService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = auditRequestOf(context.switchToHttp().getRequest<FastifyRequest>());
    if (!request) return next.handle();
    // The plugin hands this request's document changes here; once the handler is done (answer or error) and
    // before the answer leaves, they are written as ONE entry: one admin action, one line of the log.
    const changes: DocumentChange[] = [];
    request.collect = (found) => changes.push(...found);
    // next.handle() binds the handler to the async context it is called in: it must be called inside the audit context.
    const recorded = (): Observable<unknown> =>
      next.handle().pipe(
        concatMap(async (value: unknown) => {
          await this.audit.record(request, changes.splice(0));
          return value;
        }),
        catchError((error: unknown) => from(this.audit.record(request, changes.splice(0))).pipe(mergeMap(() => throwError(() => error)))),
      );
    // The context stays open until the answer is complete, failed or abandoned (rxjs calls the teardown then).
    return new Observable((subscriber) => {
      const { result: subscription, close } = auditContext.open(request, () => recorded().subscribe(subscriber));
      return () => {
        subscription.unsubscribe();
        close();
      };
    });
  }
}
