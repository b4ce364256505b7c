import { EJSON } from 'bson';
import { Doc } from '../bson-util';
import { Collection } from '../storage/collection';
import { Collation, compileFilter, isCaseInsensitive, sortDocs, topDocs } from './matcher';

export interface SelectOptions {
  filter?: unknown;
  collation?: Collation;
  sort?: unknown;
  skip?: number;
  limit?: number;
}

/** Collections smaller than this are scanned every time; larger ones remember their last few matches. */
const REMEMBER_FROM = 2000;

/** The key of a scan: the filter and collation in canonical extended JSON (types and regex flags kept). */
function scanKey(filter: unknown, collation: Collation | undefined): string | undefined {
  try {
    return EJSON.stringify({ f: filter ?? {}, c: collation ?? null }, { relaxed: false });
  } catch {
    return undefined;
  }
}

/** Matching documents (stored references, never mutate them) after sort/skip/limit. */
export function selectDocs(c: Collection | undefined, opts: SelectOptions): Doc[] {
  if (!c) return [];
  const matcher = compileFilter(opts.filter, opts.collation);
  const skip = Math.max(0, opts.skip ?? 0);
  const limit = opts.limit && opts.limit > 0 ? opts.limit : 0;
  const hasSort = opts.sort !== undefined && opts.sort !== null && Object.keys(opts.sort as Doc).length > 0;
  // Without a sort we can stop as soon as skip+limit documents matched.
  const stopAt = !hasSort && limit > 0 ? skip + limit : Infinity;
  const key = c.docs.size >= REMEMBER_FROM && !matcher.matchAll ? scanKey(matcher.filter, opts.collation) : undefined;
  let out = key === undefined ? undefined : c.cachedMatches(key);
  if (!out) {
    out = [];
    for (const doc of c.candidates(matcher.filter, isCaseInsensitive(opts.collation))) {
      if (matcher.test(doc)) {
        out.push(doc);
        if (out.length >= stopAt) break;
      }
    }
    if (key !== undefined && out.length < stopAt) c.rememberMatches(key, out);
  }
  let res = hasSort ? (limit > 0 ? topDocs(out, opts.sort, skip + limit, opts.collation) : sortDocs(out, opts.sort, opts.collation)) : out;
  if (skip > 0 || limit > 0) res = res.slice(skip, limit > 0 ? skip + limit : undefined);
  // The remembered array is shared: callers get their own.
  return res === out ? out.slice() : res;
}
