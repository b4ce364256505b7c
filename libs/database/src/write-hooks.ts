import type { Document, Query, Schema } from 'mongoose';

const QUERY_WRITES = /^(updateOne|updateMany|findOneAndUpdate|findOneAndDelete|findOneAndReplace|replaceOne|deleteOne|deleteMany)$/;
const DOCUMENT_WRITES = /^(save|deleteOne)$/;

/** What to run after a write, by kind of write. */
export interface WriteListeners {
  /** A query write (updateOne, findOneAndUpdate, deleteMany…): its filter and update say what it touched. */
  query(this: Query<unknown, unknown>): void;
  /** A document's save or deleteOne. */
  document(this: Document): void;
  /** insertMany or bulkWrite: anything may have changed. */
  many(): void;
}

/**
 * Runs the listeners after every write to the schema's collection made through mongoose, once it has
 * completed or failed (a failed multi-document write may still have changed documents).
 */
export function afterEveryWrite(schema: Schema, on: WriteListeners): void {
  // Each hook gets its own function (a completed and a failed write are separate registrations).
  const query = () =>
    function (this: Query<unknown, unknown>): void {
      on.query.call(this);
    };
  const document = () =>
    function (this: Document): void {
      on.document.call(this);
    };
  const many = () => (): void => on.many();
  schema.post(QUERY_WRITES, { document: false, query: true }, query());
  schema.post(QUERY_WRITES, { document: false, query: true, errorHandler: true }, query());
  schema.post(DOCUMENT_WRITES, { document: true, query: false }, document());
  schema.post(DOCUMENT_WRITES, { document: true, query: false, errorHandler: true }, document());
  schema.post('insertMany', many());
  schema.post('bulkWrite', many());
  schema.post(/^(insertMany|bulkWrite)$/, { errorHandler: true }, many());
}
