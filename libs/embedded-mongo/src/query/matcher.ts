import { Query } from 'mingo';
import type { Options } from 'mingo/types';
import { CommandError, badValue } from '../errors';
import { Doc, StringCompare, bsonType, compareValues, isPlainObject, pathValues } from '../bson-util';

/** The subset of a MongoDB collation document the engine understands. */
export interface Collation {
  locale: string;
  strength?: number;
}

export function parseCollation(v: unknown): Collation | undefined {
  if (!isPlainObject(v)) return undefined;
  const locale = typeof v.locale === 'string' ? v.locale : 'simple';
  if (locale === 'simple') return undefined;
  const strength = typeof v.strength === 'number' ? v.strength : 3;
  return { locale, strength };
}

/** True when the collation compares strings without regard to case. */
export function isCaseInsensitive(c: Collation | undefined): boolean {
  return c !== undefined && (c.strength === 1 || c.strength === 2);
}

const FORBIDDEN = new Set(['$where', '$function', '$accumulator']);

/** Rejects server-side JavaScript anywhere in a filter, pipeline or update. */
export function refuseScripts(v: unknown, depth = 0): void {
  if (depth > 100 || v === null || typeof v !== 'object') return;
  const t = bsonType(v);
  if (t === 'Code') throw new CommandError('BadValue', 'server-side JavaScript is not supported by embedded-mongo');
  if (t !== undefined || v instanceof Date || v instanceof RegExp) return;
  if (Array.isArray(v)) {
    for (const x of v) refuseScripts(x, depth + 1);
    return;
  }
  for (const k of Object.keys(v)) {
    if (FORBIDDEN.has(k)) throw new CommandError('BadValue', `${k} is not allowed: server-side JavaScript is disabled in embedded-mongo`);
    refuseScripts((v as Doc)[k], depth + 1);
  }
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function ciRegex(s: string): RegExp {
  return new RegExp('^' + escapeRegex(s) + '$', 'i');
}

/** Rewrites string equality into anchored case-insensitive regexes for strength 1/2 collations. */
function foldFilter(filter: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' || k === '$or' || k === '$nor') {
      out[k] = Array.isArray(v) ? (v as unknown[]).map((x) => (isPlainObject(x) ? foldFilter(x) : x)) : v;
    } else if (k.startsWith('$')) {
      out[k] = v;
    } else if (typeof v === 'string') {
      out[k] = ciRegex(v);
    } else if (isPlainObject(v) && Object.keys(v).some((op) => op.startsWith('$'))) {
      const ops: Doc = {};
      for (const [op, arg] of Object.entries(v)) {
        if (op === '$eq' && typeof arg === 'string') ops.$regex = ciRegex(arg);
        else if (op === '$ne' && typeof arg === 'string') ops.$not = ciRegex(arg);
        else if ((op === '$in' || op === '$nin') && Array.isArray(arg)) {
          ops[op] = arg.map((x: unknown) => (typeof x === 'string' ? ciRegex(x) : x));
        } else if (op === '$elemMatch' && isPlainObject(arg)) ops[op] = foldFilter(arg);
        else ops[op] = arg;
      }
      out[k] = ops;
    } else out[k] = v;
  }
  return out;
}

/** $type aliases mingo does not know (it has no BSON types), by name and number. */
const BSON_TYPES: Record<string, string> = {
  objectId: 'ObjectId',
  '7': 'ObjectId',
  binData: 'Binary',
  '5': 'Binary',
  decimal: 'Decimal128',
  '19': 'Decimal128',
  long: 'Long',
  '18': 'Long',
  timestamp: 'Timestamp',
  '17': 'Timestamp',
  javascript: 'Code',
  '13': 'Code',
  minKey: 'MinKey',
  '-1': 'MinKey',
  maxKey: 'MaxKey',
  '127': 'MaxKey',
};

/** Does one value have the given $type? Covers the BSON types plus the plain ones, for extracted clauses. */
function hasType(v: unknown, type: unknown): boolean {
  const key = String(type);
  const bson = BSON_TYPES[key];
  if (bson) return bsonType(v) === bson || (bson === 'Long' && typeof v === 'bigint');
  switch (key) {
    case 'string':
    case '2':
      return typeof v === 'string';
    case 'double':
    case '1':
      return typeof v === 'number' || bsonType(v) === 'Double';
    case 'int':
    case '16':
      return (typeof v === 'number' && Number.isInteger(v)) || bsonType(v) === 'Int32';
    case 'number':
      return typeof v === 'number' || ['Double', 'Int32', 'Long', 'Decimal128'].includes(bsonType(v) ?? '');
    case 'bool':
    case '8':
      return typeof v === 'boolean';
    case 'date':
    case '9':
      return v instanceof Date;
    case 'null':
    case '10':
      return v === null;
    case 'regex':
    case '11':
      return v instanceof RegExp || bsonType(v) === 'BSONRegExp';
    case 'array':
    case '4':
      return Array.isArray(v);
    case 'object':
    case '3':
      return isPlainObject(v);
    default:
      return false;
  }
}

/**
 * Moves top-level $type clauses that name BSON types (objectId, binData, decimal, long…) out of the
 * filter into predicates, since mingo only knows JavaScript types. Everything else stays with mingo.
 */
function extractBsonTypeClauses(filter: Doc): { rest: Doc; checks: Array<(doc: Doc) => boolean> } {
  const rest: Doc = {};
  const checks: Array<(doc: Doc) => boolean> = [];
  for (const [path, cond] of Object.entries(filter)) {
    if (path.startsWith('$') || !isPlainObject(cond) || !('$type' in cond)) {
      rest[path] = cond;
      continue;
    }
    const types = Array.isArray(cond.$type) ? cond.$type : [cond.$type];
    if (!types.some((t) => BSON_TYPES[String(t)] !== undefined)) {
      rest[path] = cond;
      continue;
    }
    const { $type: _ignored, ...others } = cond;
    if (Object.keys(others).length > 0) rest[path] = others;
    checks.push((doc) => {
      const direct = pathValues(doc, path);
      return direct.some((v) => types.some((t) => hasType(v, t)));
    });
  }
  return { rest, checks };
}

export const MINGO_OPTIONS: Partial<Options> = { scriptEnabled: false, useStrictMode: true };

/** A compiled filter. `test` never clones the document. */
export interface Matcher {
  readonly filter: Doc;
  readonly matchAll: boolean;
  test(doc: Doc): boolean;
}

export function compileFilter(filter: unknown, collation?: Collation): Matcher {
  if (filter === undefined || filter === null) filter = {};
  if (!isPlainObject(filter)) throw new CommandError('TypeMismatch', 'filter must be an object');
  refuseScripts(filter);
  const effective = isCaseInsensitive(collation) ? foldFilter(filter) : filter;
  if (Object.keys(effective).length === 0) return { filter: effective, matchAll: true, test: () => true };
  const { rest, checks } = extractBsonTypeClauses(effective);
  let q: Query | undefined;
  try {
    q = Object.keys(rest).length > 0 ? new Query(rest, MINGO_OPTIONS) : undefined;
  } catch (e) {
    throw badValue(e instanceof Error ? e.message : String(e));
  }
  const mingo = q;
  const count = checks.length;
  return {
    filter: effective,
    matchAll: false,
    test: (doc: Doc) => {
      for (let i = 0; i < count; i++) if (!checks[i](doc)) return false;
      return mingo ? mingo.test(doc) : true;
    },
  };
}

export function stringComparator(collation: Collation | undefined): StringCompare | undefined {
  if (!collation) return undefined;
  const sensitivity = collation.strength === 1 ? 'base' : collation.strength === 2 ? 'accent' : 'variant';
  const coll = new Intl.Collator(collation.locale, { sensitivity });
  return (a, b) => coll.compare(a, b);
}

/** Sorts documents (stable) by a Mongo sort spec; arrays sort by their min (asc) / max (desc) element. */
export function sortDocs(docs: Doc[], spec: unknown, collation?: Collation): Doc[] {
  if (!isPlainObject(spec)) return docs;
  const fields: Array<[string, number]> = [];
  for (const [k, v] of Object.entries(spec)) {
    if (k === '$natural') continue;
    if (isPlainObject(v)) continue; // {$meta: ...} is not supported: ignored
    fields.push([k, Number(v) < 0 ? -1 : 1]);
  }
  if (fields.length === 0) return docs;
  const strCmp = stringComparator(collation);
  const keyed = docs.map((doc, i) => ({ doc, i, keys: fields.map(([path, dir]) => sortKey(doc, path, dir, strCmp)) }));
  keyed.sort((a, b) => {
    for (let f = 0; f < fields.length; f++) {
      const c = compareValues(a.keys[f], b.keys[f], strCmp);
      if (c !== 0) return c * fields[f][1];
    }
    return a.i - b.i;
  });
  return keyed.map((k) => k.doc);
}

function sortKey(doc: Doc, path: string, dir: number, strCmp: StringCompare | undefined): unknown {
  const vals = pathValues(doc, path);
  if (vals.length === 0) return null;
  if (vals.length === 1) return Array.isArray(vals[0]) && (vals[0] as unknown[]).length === 0 ? undefined : vals[0];
  let best = vals[0];
  for (let i = 1; i < vals.length; i++) {
    const c = compareValues(vals[i], best, strCmp);
    if ((dir > 0 && c < 0) || (dir < 0 && c > 0)) best = vals[i];
  }
  return best;
}

/**
 * The match-all query every projection runs through. mingo's `find()` builds a new query, and with it a merged
 * copy of all its operators, on each call (about 36 µs of a 47 µs projection of one product); one query reused
 * gives the same answer (a projection keeps no state in it).
 */
const PROJECTOR = new Query({}, MINGO_OPTIONS);

/** Applies a find projection (mingo semantics) to a page of documents. */
export function projectDocs(docs: Doc[], projection: unknown): Doc[] {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0 || docs.length === 0) return docs;
  refuseScripts(projection);
  try {
    return PROJECTOR.find<Doc>(docs, projection).all();
  } catch (e) {
    throw badValue(e instanceof Error ? e.message : String(e));
  }
}
