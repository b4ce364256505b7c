import { Doc, isPlainObject } from '../bson-util';
import { Collection } from '../storage/collection';
import { Collation, compileFilter, isCaseInsensitive, sortDocs } from './matcher';

export interface SelectOptions {
  filter?: unknown;
  collation?: Collation;
  sort?: unknown;
  skip?: number;
  limit?: number;
}

/**
 * Matching documents (stored references, never mutate them) after sort/skip/limit. A filter that pins a top-level
 * `_id` reads only the documents of those ids; when the `_id` condition only names values, reading them is its
 * test (mingo's `$in` hashes its whole list again for each document: 9,000 ids took minutes).
 */
export function selectDocs(c: Collection | undefined, opts: SelectOptions): Doc[] {
  if (!c) return [];
  const byId = isPlainObject(opts.filter) ? c.byId(opts.filter._id, isCaseInsensitive(opts.collation)) : undefined;
  const matcher = compileFilter(byId?.exact ? withoutId(opts.filter as Doc) : opts.filter, opts.collation);
  const skip = Math.max(0, opts.skip ?? 0);
  const limit = opts.limit && opts.limit > 0 ? opts.limit : 0;
  const hasSort = opts.sort !== undefined && opts.sort !== null && Object.keys(opts.sort).length > 0;
  // Without a sort we can stop as soon as skip+limit documents matched.
  const stopAt = !hasSort && limit > 0 ? skip + limit : Infinity;
  const out: Doc[] = [];
  for (const doc of byId ? byId.docs : c.docs.values()) {
    if (matcher.test(doc)) {
      out.push(doc);
      if (out.length >= stopAt) break;
    }
  }
  const sorted = hasSort ? sortDocs(out, opts.sort, opts.collation) : out;
  return skip > 0 || limit > 0 ? sorted.slice(skip, limit > 0 ? skip + limit : undefined) : sorted;
}

function withoutId(filter: Doc): Doc {
  const { _id: _pinned, ...rest } = filter;
  return rest;
}
