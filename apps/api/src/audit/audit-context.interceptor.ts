import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { auditContext, type AuditRequest } from '@shop/database';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';

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
 * by now), so that the audit plugin of every model records what it changes, whichever module writes. Other
 * requests pass through untouched.
 */
@Injectable()
export class AuditContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = auditRequestOf(context.switchToHttp().getRequest<FastifyRequest>());
    if (!request) return next.handle();
    // The context stays open until the answer is complete, failed or abandoned (rxjs calls the teardown then).
    return new Observable((subscriber) => {
      const { result: subscription, close } = auditContext.open(request, () => next.handle().subscribe(subscriber));
      return () => {
        subscription.unsubscribe();
        close();
      };
    });
  }
}
