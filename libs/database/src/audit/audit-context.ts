import { AsyncLocalStorage } from 'node:async_hooks';

/** The admin who made a request. */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
}

/** What the audit trail knows about the request that is writing: who, and through which route. */
export interface AuditRequest {
  actor: AuditActor;
  method: string;
  /** The route's template, e.g. /api/category/:id. */
  route: string;
  /** The route's parameters, e.g. { id: '665f…' }. */
  params: Record<string, string>;
  requestId?: string;
}

const storage = new AsyncLocalStorage<AuditRequest>();

/**
 * The admin write under way in this async context, if any. The API opens one around each write request of an
 * admin (POST, PUT, PATCH, DELETE); the audit plugin records every document change made while one is open.
 * Outside such a request (customers, guests, the worker, the seed) nothing is recorded and nothing is read.
 */
export const auditContext = {
  run<T>(request: AuditRequest, fn: () => T): T {
    return storage.run(request, fn);
  },
  current(): AuditRequest | undefined {
    return storage.getStore();
  },
};
