import type { Query, Schema } from 'mongoose';
import { afterEveryWrite } from './write-hooks';

export type CatalogCollection = 'products' | 'categories';

/**
 * One completed catalog write. `stockOf` is set when the write changed nothing but the stock of these
 * products (an order taking units, a cancellation or a stale hold putting them back): the cache can then
 * drop just what is about those products and let lists catch up a moment later. Without it, anything in
 * the catalog may have changed.
 */
export interface CatalogChange {
  collection: CatalogCollection;
  stockOf?: string[];
}

export type CatalogChangeListener = (change: CatalogChange) => void;

const listeners = new Set<CatalogChangeListener>();

/**
 * Every write to the catalog collections (products, with their embedded reviews and stock; categories)
 * made through a mongoose model, announced in-process once the write has completed (or failed, since a
 * failed multi-document write may still have changed some documents). The API's catalog cache listens.
 */
export const catalogChanges = {
  subscribe(listener: CatalogChangeListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  notify(change: CatalogChange): void {
    for (const listener of listeners) listener(change);
  },
};

/** The product fields an order or a cancellation changes (updatedAt moves with them). */
const STOCK_PATH =
  /^(countInStock|quantity|variants\.\$(\[\w*\])?\.countInStock|stockHolds|restockMarks|stockMoves|revision|ledgerOpened|updatedAt)$/;
/** Bookkeeping that no answer shows: taking away or adding only these changes nothing anyone can read. */
const HIDDEN_PATH = /^(stockHolds|restockMarks|stockMoves|ledgerOpened)$/;
const STOCK_OPERATORS = new Set(['$inc', '$set', '$push', '$pull']);

/**
 * What a query write changed, judged from its (cast) update and filter: 'none' when it only touched
 * hidden bookkeeping, the product ids when it only touched stock of products named by _id, else 'any'.
 */
export function classifyProductWrite(filter: Record<string, unknown>, update: unknown): 'none' | 'any' | string[] {
  if (update === null || typeof update !== 'object' || Array.isArray(update)) return 'any';
  const paths: string[] = [];
  for (const [operator, fields] of Object.entries(update as Record<string, unknown>)) {
    if (!STOCK_OPERATORS.has(operator) || fields === null || typeof fields !== 'object') return 'any';
    paths.push(...Object.keys(fields));
  }
  if (paths.length === 0 || !paths.every((path) => STOCK_PATH.test(path))) return 'any';
  if (paths.every((path) => HIDDEN_PATH.test(path))) return 'none';
  const ids = idsOf(filter._id);
  return ids ?? 'any';
}

/** The ids a filter's `_id` names (one id, or `$in` of ids); undefined for any other filter. */
export function idsOf(value: unknown): string[] | undefined {
  if (isId(value)) return [String(value)];
  if (value !== null && typeof value === 'object' && '$in' in value) {
    const list = value.$in;
    if (Array.isArray(list) && list.every(isId)) return list.map(String);
  }
  return undefined;
}

function isId(value: unknown): boolean {
  return typeof value === 'string' || (value !== null && typeof value === 'object' && (value as { _bsontype?: string })._bsontype === 'ObjectId');
}

const STOCK_WRITES = /^(updateOne|updateMany|findOneAndUpdate)$/;

/** Mongoose plugin: announces every write of this schema's collection through catalogChanges. */
export function announceCatalogWrites(collection: CatalogCollection): (schema: Schema) => void {
  return (schema: Schema) => {
    const announce = (): void => catalogChanges.notify({ collection });
    const announceQuery = function (this: Query<unknown, unknown>): void {
      if (collection !== 'products' || !STOCK_WRITES.test((this as unknown as { op?: string }).op ?? '')) return announce();
      const changed = classifyProductWrite(this.getFilter(), this.getUpdate());
      if (changed === 'none') return;
      catalogChanges.notify(changed === 'any' ? { collection } : { collection, stockOf: changed });
    };
    afterEveryWrite(schema, { query: announceQuery, document: announce, many: announce });
  };
}
