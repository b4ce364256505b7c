import { Logger } from '@nestjs/common';
import type { Document, Model, Query, Schema } from 'mongoose';
import { auditContext, type AuditActor, type AuditRequest, type DocumentChange } from './audit-context';
import { diffDocuments, type AuditChange } from './audit-diff';

/** The collection of the audit log itself (its own writes are never audited). */
export const AUDIT_COLLECTION = 'audit_log';
/**
 * Collections whose writes are never audited: the audit log, the stock ledger (itself a record of each stock
 * change with its actor; the product's change says what happened), deleted products' tombstones (the deletion is
 * the product's entry) and the count of searches that found nothing (shoppers' searches).
 */
const UNAUDITED: ReadonlySet<string> = new Set([AUDIT_COLLECTION, 'stock_ledger', 'product_tombstones', 'search_misses']);
/** A multi-document write records at most this many documents (the first ones its filter matches). */
export const MAX_AUDITED_DOCUMENTS = 500;

/** What a write did to one document. */
export type AuditAction = 'create' | 'update' | 'delete';

/**
 * What an admin did, as the audit log names it: a document created, updated or deleted, or one of the actions
 * with a name of their own (an order refunded, cancelled, marked paid, a note added; a review or a product
 * approved or rejected; roles changed; a catalogue imported; a job retried).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'refund',
  'cancel',
  'pay',
  'note',
  'approve',
  'reject',
  'roles',
  'import',
  'retry',
] as const;
export type AuditEntryAction = (typeof AUDIT_ACTIONS)[number];

/** One record an admin's action wrote, with the fields a person reads (internal fields left out). */
export interface AuditRecordChange {
  action: AuditAction;
  resource: string;
  documentId: string;
  /** The record's human name (a product's name, "#7DF4FF87" for an order…). */
  label?: string;
  changes: AuditChange[];
}

/**
 * One entry of the audit log. The API writes one per admin action (a request): `resource`, `documentId`,
 * `label` and `changes` name its main record, `summary` says what happened in words, `records` lists every record
 * it wrote. Entries written one per document (no summary, no records) are older or came from outside a request.
 */
export interface NewAuditEntry {
  at: Date;
  actor: AuditActor;
  method: string;
  route: string;
  params: Record<string, string>;
  requestId?: string;
  action: AuditEntryAction;
  /** The collection of the main record, e.g. products, categories, users. */
  resource: string;
  documentId: string;
  changes: AuditChange[];
  label?: string;
  summary?: string;
  records?: AuditRecordChange[];
}

export type AuditWriter = (entries: NewAuditEntry[]) => Promise<void>;

const logger = new Logger('AuditTrail');
let writer: AuditWriter | undefined;

/** Where recorded changes go: the audit log repository registers itself (see AuditLogRepository). */
export const auditTrail = {
  setWriter(next: AuditWriter | undefined): void {
    writer = next;
  },
  /** Unregisters this writer, if it is still the one in use (an API and a worker may share a process). */
  removeWriter(old: AuditWriter): void {
    if (writer === old) writer = undefined;
  },
};

type Stored = Record<string, unknown>;
type AnyModel = Model<Stored>;

/** Before-images of the documents a write is about to touch, by id. */
interface Pending {
  request: AuditRequest;
  model: AnyModel;
  before: Map<string, Stored>;
}

const pendingQueries = new WeakMap<object, Pending>();
const pendingDocuments = new WeakMap<object, Pending>();
/** bulkWrite's pre and post hooks share no object but the model: one queue per request and collection. */
const pendingBulk = new WeakMap<AuditRequest, Map<string, Pending[]>>();

const SINGLE_WRITES = /^(updateOne|replaceOne|deleteOne|findOneAnd\w+)$/;
const QUERY_WRITES = /^(updateOne|updateMany|replaceOne|findOneAndUpdate|findOneAndReplace|findOneAndDelete|deleteOne|deleteMany)$/;

const hiddenSelects = new WeakMap<Schema, string>();

/** `+path` for each path the schema hides by default (select: false), so that a changed one is seen. */
function hiddenPaths(schema: Schema): string {
  let select = hiddenSelects.get(schema);
  if (select === undefined) {
    const hidden: string[] = [];
    schema.eachPath((path, type) => {
      if ((type.options as { select?: unknown } | undefined)?.select === false) hidden.push(`+${path}`);
    });
    select = hidden.join(' ');
    hiddenSelects.set(schema, select);
  }
  return select;
}

function collectionOf(model: AnyModel): string {
  return model.collection.collectionName;
}

function idOf(doc: Stored): string {
  return String(doc._id);
}

async function findStored(model: AnyModel, filter: Record<string, unknown>, limit: number, sort?: unknown): Promise<Stored[]> {
  const query = model.find(filter).limit(limit);
  const hidden = hiddenPaths(model.schema);
  if (hidden) query.select(hidden);
  if (sort && typeof sort === 'object') query.sort(sort as Record<string, 1 | -1>);
  return query.lean<Stored[]>().exec();
}

async function findByIds(model: AnyModel, ids: string[]): Promise<Map<string, Stored>> {
  const rows = ids.length ? await findStored(model, { _id: { $in: ids } }, ids.length) : [];
  return new Map(rows.map((row) => [idOf(row), row]));
}

/** Writes the entries; a failure is logged and never reaches the request. */
async function write(entries: NewAuditEntry[]): Promise<void> {
  if (!entries.length) return;
  if (!writer) {
    logger.warn(`No audit writer registered: ${entries.length} change(s) not recorded`);
    return;
  }
  try {
    await writer(entries);
  } catch (error) {
    logger.error(`Audit entries could not be written (${entries.length} change(s) of ${entries[0].resource}): ${(error as Error).message}`);
  }
}

function documentChangesFor(pending: Pending, ids: Iterable<string>, after: Map<string, Stored>): DocumentChange[] {
  const resource = collectionOf(pending.model);
  const found: DocumentChange[] = [];
  for (const id of new Set(ids)) {
    const before = pending.before.get(id) ?? null;
    const now = after.get(id) ?? null;
    if (!before && !now) continue;
    const changes = diffDocuments(before, now);
    if (!changes.length) continue;
    const action: AuditAction = !before ? 'create' : !now ? 'delete' : 'update';
    found.push({ action, resource, documentId: id, changes, before, after: now });
  }
  return found;
}

/**
 * Hands the changes to the request's collector when it has one (the API groups a request's changes into one
 * entry), else writes one entry per document.
 */
async function record(pending: Pending, ids: Iterable<string>, after: Map<string, Stored>): Promise<void> {
  const { request } = pending;
  const found = documentChangesFor(pending, ids, after);
  if (!found.length) return;
  if (request.collect) {
    request.collect(found);
    return;
  }
  const at = new Date();
  await write(
    found.map(({ action, resource, documentId, changes }) => ({
      at,
      actor: request.actor,
      method: request.method,
      route: request.route,
      params: request.params,
      requestId: request.requestId,
      action,
      resource,
      documentId,
      changes,
    })),
  );
}

/** Re-reads the documents the write touched and records what changed. Never throws. */
async function finish(pending: Pending, extraIds: string[]): Promise<void> {
  try {
    const ids = [...pending.before.keys(), ...extraIds];
    const after = await findByIds(pending.model, [...new Set(ids)]);
    await record(pending, ids, after);
  } catch (error) {
    logger.error(`Audit of a ${collectionOf(pending.model)} write failed: ${(error as Error).message}`);
  }
}

/** The request to audit for a write to this model: none outside an admin's write, nor for the audit log itself. */
function auditedRequest(model: AnyModel): AuditRequest | undefined {
  const request = auditContext.current();
  if (!request || UNAUDITED.has(collectionOf(model))) return undefined;
  return request;
}

function isIdLike(value: unknown): boolean {
  return typeof value === 'string' || (value !== null && typeof value === 'object' && (value as { _bsontype?: unknown })._bsontype === 'ObjectId');
}

/** The id a query write upserted, read from its answer. */
function upsertedIdOf(op: string, result: unknown): string | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const upserted = (result as { upsertedId?: unknown }).upsertedId;
  if (isIdLike(upserted)) return String(upserted);
  if (op.startsWith('findOneAnd') && op !== 'findOneAndDelete') {
    const id = (result as { _id?: unknown })._id;
    if (isIdLike(id)) return String(id);
  }
  return undefined;
}

/** The operation of a query (updateOne, deleteMany…). */
function opOf(query: Query<unknown, unknown>): string {
  return (query as unknown as { op?: string }).op ?? '';
}

function beforeQueryWrite(this: Query<unknown, unknown>): Promise<void> | void {
  const request = auditContext.current();
  if (!request) return;
  const model = this.model as unknown as AnyModel;
  if (UNAUDITED.has(collectionOf(model))) return;
  const op = opOf(this);
  const options = this.getOptions() as { sort?: unknown };
  return (async () => {
    try {
      const limit = SINGLE_WRITES.test(op) ? 1 : MAX_AUDITED_DOCUMENTS;
      const rows = await findStored(model, this.getFilter(), limit, options.sort);
      if (rows.length === MAX_AUDITED_DOCUMENTS)
        logger.warn(`${op} on ${collectionOf(model)} matched more than ${MAX_AUDITED_DOCUMENTS} documents: only the first are audited`);
      pendingQueries.set(this, { request, model, before: new Map(rows.map((row) => [idOf(row), row])) });
    } catch (error) {
      logger.error(`Audit could not read ${collectionOf(model)} before ${op}: ${(error as Error).message}`);
    }
  })();
}

function afterQueryWrite(this: Query<unknown, unknown>, result: unknown): Promise<void> | void {
  const pending = pendingQueries.get(this);
  if (!pending) return;
  pendingQueries.delete(this);
  const upserted = upsertedIdOf(opOf(this), result);
  return finish(pending, upserted && !pending.before.has(upserted) ? [upserted] : []);
}

function modelOfDocument(doc: Document): AnyModel {
  return doc.constructor as unknown as AnyModel;
}

function beforeSave(this: Document): Promise<void> | void {
  const request = auditContext.current();
  if (!request || (this as unknown as { $isSubdocument?: boolean }).$isSubdocument) return;
  const model = modelOfDocument(this);
  if (UNAUDITED.has(collectionOf(model))) return;
  if (this.isNew) {
    pendingDocuments.set(this, { request, model, before: new Map() });
    return;
  }
  const id = String(this._id);
  return (async () => {
    try {
      pendingDocuments.set(this, { request, model, before: await findByIds(model, [id]) });
    } catch (error) {
      logger.error(`Audit could not read ${collectionOf(model)} ${id} before save: ${(error as Error).message}`);
    }
  })();
}

function afterSave(this: Document): Promise<void> | void {
  const pending = pendingDocuments.get(this);
  if (!pending) return;
  pendingDocuments.delete(this);
  const id = String(this._id);
  if (pending.before.size === 0) {
    // Created: the document as saved (it holds every field it was given, hidden ones too).
    const created = this.toObject({ depopulate: true, virtuals: false, getters: false, versionKey: false }) as Stored;
    return record(pending, [id], new Map([[id, created]]));
  }
  return finish(pending, []);
}

function afterInsertMany(this: AnyModel, docs: unknown): Promise<void> | void {
  const request = auditedRequest(this);
  if (!request || !Array.isArray(docs)) return;
  const created = new Map<string, Stored>();
  for (const doc of docs as unknown[]) {
    if (!doc || typeof doc !== 'object') continue;
    const plain = (
      typeof (doc as Document).toObject === 'function' ? (doc as Document).toObject({ depopulate: true, virtuals: false, getters: false }) : doc
    ) as Stored;
    if (plain._id !== undefined) created.set(idOf(plain), plain);
  }
  return record({ request, model: this, before: new Map() }, created.keys(), created);
}

/** The filters of a bulkWrite's operations that may change existing documents. */
function bulkFilters(ops: unknown): Record<string, unknown>[] {
  if (!Array.isArray(ops)) return [];
  const filters: Record<string, unknown>[] = [];
  for (const op of ops as Record<string, { filter?: unknown } | undefined>[]) {
    for (const kind of ['updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany']) {
      const filter = op[kind]?.filter;
      if (filter && typeof filter === 'object') filters.push(filter as Record<string, unknown>);
    }
  }
  return filters;
}

function bulkQueue(request: AuditRequest, model: AnyModel): Pending[] {
  let byCollection = pendingBulk.get(request);
  if (!byCollection) pendingBulk.set(request, (byCollection = new Map<string, Pending[]>()));
  const name = collectionOf(model);
  let queue = byCollection.get(name);
  if (!queue) byCollection.set(name, (queue = []));
  return queue;
}

function beforeBulkWrite(this: AnyModel, ops: unknown): Promise<void> | void {
  const request = auditedRequest(this);
  if (!request) return;
  const pending: Pending = { request, model: this, before: new Map() };
  bulkQueue(request, this).push(pending);
  const filters = bulkFilters(ops);
  if (!filters.length) return;
  return (async () => {
    try {
      for (const row of await findStored(this, { $or: filters }, MAX_AUDITED_DOCUMENTS)) pending.before.set(idOf(row), row);
    } catch (error) {
      logger.error(`Audit could not read ${collectionOf(this)} before bulkWrite: ${(error as Error).message}`);
    }
  })();
}

function idsIn(map: unknown): string[] {
  if (!map || typeof map !== 'object') return [];
  return Object.values(map as Record<string, unknown>)
    .filter(isIdLike)
    .map(String);
}

function afterBulkWrite(this: AnyModel, result: unknown): Promise<void> | void {
  const request = auditContext.current();
  if (!request) return;
  const pending = pendingBulk.get(request)?.get(collectionOf(this))?.shift();
  if (!pending) return;
  const res = (result ?? {}) as { insertedIds?: unknown; upsertedIds?: unknown };
  return finish(pending, [...idsIn(res.insertedIds), ...idsIn(res.upsertedIds)]);
}

/**
 * Mongoose plugin for every schema of the connection: while an admin's write request is under way (see
 * auditContext), each document it creates, changes or deletes is recorded in the audit log with the fields that
 * changed, before and after. Outside such a request each hook returns at once: no read, no write, no promise.
 * An audit that fails is logged and never fails the write; only writes that completed are recorded.
 */
export function auditAdminWrites(schema: Schema): void {
  schema.pre(QUERY_WRITES, { document: false, query: true }, beforeQueryWrite);
  schema.post(QUERY_WRITES, { document: false, query: true }, afterQueryWrite);
  schema.pre('save', beforeSave);
  schema.post('save', afterSave);
  schema.post('insertMany', afterInsertMany);
  schema.pre('bulkWrite', beforeBulkWrite);
  schema.post('bulkWrite', afterBulkWrite);
  // A failed bulkWrite may still have applied some operations: record those too.
  schema.post('bulkWrite', { errorHandler: true }, function (this: AnyModel, _error: unknown): Promise<void> | void {
    return afterBulkWrite.call(this, null);
  });
}
