import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditChange } from './audit-diff';

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
  /**
   * When set, the audit plugin hands every document change of this request to it instead of writing one entry
   * per document: the API gathers them and writes one entry per admin action (see the API's audit recorder).
   */
  collect?: (changes: DocumentChange[]) => void;
}

/** One document an admin's request created, changed or deleted, as the audit plugin saw it. */
export interface DocumentChange {
  action: 'create' | 'update' | 'delete';
  /** The collection, e.g. products. */
  resource: string;
  documentId: string;
  /** The fields that differ (secrets redacted, long values cut; internal fields still in: see isInternalField). */
  changes: AuditChange[];
  /** The stored document before the write (null: created) and after it (null: deleted), for naming the record. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** One admin write's context; closed once its request has been answered. */
interface AuditedWrite {
  readonly request: AuditRequest;
  open: boolean;
}

const storage = new AsyncLocalStorage<AuditedWrite>();
/** Admin writes whose context is open. */
let openWrites = 0;

/**
 * The admin write under way in this async context, if any. The API opens one around each write request of an
 * admin (POST, PUT, PATCH, DELETE); the audit plugin records every document change made while one is open.
 * Outside such a request (customers, guests, the worker, the seed) nothing is recorded and nothing is read.
 *
 * While no admin write is open, the storage is disabled. On Node 20 an enabled AsyncLocalStorage keeps async_hooks
 * on, with an init, before and after hook for every promise the process makes: one admin write would otherwise
 * slow every later request of every shopper for the life of the process. A change made after the admin's request
 * has been answered (a write it started and did not wait for) is not audited, on any Node.js line.
 */
export const auditContext = {
  /**
   * Calls fn in the context of one admin write and returns its result with close(), which ends the context: until
   * then, everything fn starts (promises, timers, callbacks) sees the request. close() may be called more than once.
   */
  open<T>(request: AuditRequest, fn: () => T): { result: T; close: () => void } {
    const write: AuditedWrite = { request, open: true };
    openWrites += 1;
    const close = (): void => {
      if (!write.open) return;
      write.open = false;
      openWrites -= 1;
      if (openWrites === 0) storage.disable();
    };
    try {
      return { result: storage.run(write, fn), close };
    } catch (error) {
      close();
      throw error;
    }
  },
  /** Runs fn in the context of one admin write, which ends when fn's promise settles. */
  async run<T>(request: AuditRequest, fn: () => Promise<T>): Promise<T> {
    const { result, close } = auditContext.open(request, fn);
    try {
      return await result;
    } finally {
      close();
    }
  },
  current(): AuditRequest | undefined {
    const write = storage.getStore();
    return write?.open ? write.request : undefined;
  },
  /** Admin writes whose context is open (for tests and diagnostics). */
  openWrites(): number {
    return openWrites;
  },
};
