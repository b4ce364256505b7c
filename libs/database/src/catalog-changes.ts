import type { Schema } from 'mongoose';

export type CatalogCollection = 'products' | 'categories';
export type CatalogChangeListener = (collection: CatalogCollection) => void;

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
  notify(collection: CatalogCollection): void {
    for (const listener of listeners) listener(collection);
  },
};

const QUERY_WRITES = /^(updateOne|updateMany|findOneAndUpdate|findOneAndDelete|findOneAndReplace|replaceOne|deleteOne|deleteMany)$/;
const DOCUMENT_WRITES = /^(save|deleteOne)$/;

/** Mongoose plugin: announces every write of this schema's collection through catalogChanges. */
export function announceCatalogWrites(collection: CatalogCollection): (schema: Schema) => void {
  return (schema: Schema) => {
    const announce = (): void => catalogChanges.notify(collection);
    // A failed write may still have changed documents (a multi-document update stopped half-way).
    const announceFailure = (): void => announce();
    schema.post(QUERY_WRITES, { document: false, query: true }, announce);
    schema.post(QUERY_WRITES, { document: false, query: true, errorHandler: true }, announceFailure);
    schema.post(DOCUMENT_WRITES, { document: true, query: false }, announce);
    schema.post(DOCUMENT_WRITES, { document: true, query: false, errorHandler: true }, announceFailure);
    schema.post('insertMany', announce);
    schema.post('bulkWrite', announce);
    schema.post(/^(insertMany|bulkWrite)$/, { errorHandler: true }, announceFailure);
  };
}
