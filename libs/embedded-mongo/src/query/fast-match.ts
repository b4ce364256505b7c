import type { ObjectId } from 'bson';
import { Doc, bsonType, canonKey, isNumeric, isPlainObject, pathValues, toNumber } from '../bson-util';

/**
 * Compiles the common shapes of a filter into plain closures, so a scan does not go through mingo for
 * every document: equality, $ne, $in, $nin, ranges on numbers and dates, regexes, and $and/$or/$nor of those;
 * on top-level fields also null, $exists, $not and $elemMatch with a query on the array's documents.
 * Every clause it does not understand is handed back (`rest`) for mingo, so the answer never changes, only
 * the cost. Semantics follow MongoDB: a condition on a path holds when any of the path's values satisfies it
 * (array elements included), each operator of a condition on its own; $ne and $nin are the negation of
 * equality and $in over all values, so missing fields match them.
 */
export type Predicate = (doc: Doc) => boolean;

export interface FastFilter {
  /** The clauses compiled natively, all of which must hold. */
  predicates: Predicate[];
  /** The top-level clauses left for mingo, as a filter document (empty when everything compiled). */
  rest: Doc;
}

/** Scalars whose equality is decided by the canonical key of the index code (1 == 1.0 == Long(1)). */
export function isKeyScalar(v: unknown): boolean {
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return !Number.isNaN(v);
  if (v instanceof Date) return true;
  const t = bsonType(v);
  return t === 'ObjectId' || t === 'Int32' || t === 'Double' || t === 'Long';
}

function bsonRegex(v: unknown): RegExp | undefined {
  if (v instanceof RegExp) return v;
  if (bsonType(v) !== 'BSONRegExp') return undefined;
  const r = v as { pattern: string; options: string };
  return toRegExp(r.pattern, r.options);
}

const JS_FLAGS = new Set(['i', 'm', 's']);

/** A JavaScript RegExp for a MongoDB pattern and options, or undefined when the options need PCRE (x, u…). */
function toRegExp(pattern: string, options: string): RegExp | undefined {
  if ([...options].some((f) => !JS_FLAGS.has(f))) return undefined;
  try {
    return new RegExp(pattern, options);
  } catch {
    return undefined;
  }
}

/** Removes the g and y flags, which make RegExp.test stateful. */
function stateless(re: RegExp): RegExp {
  return re.global || re.sticky ? new RegExp(re.source, re.flags.replace(/[gy]/g, '')) : re;
}

function anyValue(path: string, test: (v: unknown) => boolean): Predicate {
  if (!path.includes('.')) {
    // A top-level field (the common case): no path walk, no array of values.
    return (doc) => {
      const v = doc[path];
      if (v === undefined) return path in doc && test(v);
      if (!Array.isArray(v)) return test(v);
      if (v.length === 0) return test(v);
      for (let i = 0; i < v.length; i++) if (test(v[i])) return true;
      return false;
    };
  }
  return (doc) => {
    const values = pathValues(doc, path);
    for (let i = 0; i < values.length; i++) if (test(values[i])) return true;
    return false;
  };
}

/** All predicates hold (a plain loop: a scan calls this once per document). */
export function allOf(predicates: Predicate[]): Predicate {
  const n = predicates.length;
  if (n === 1) return predicates[0];
  return (doc) => {
    for (let i = 0; i < n; i++) if (!predicates[i](doc)) return false;
    return true;
  };
}

/** A regex on a path: any string value (array elements included) matches it. */
function matchesRegex(path: string, r: RegExp): Predicate {
  if (path.includes('.')) return anyValue(path, (v) => typeof v === 'string' && r.test(v));
  // A top-level field: its own closure, so the regex call is not behind anyValue's shared call site.
  return (doc) => {
    const v = doc[path];
    if (typeof v === 'string') return r.test(v);
    if (!Array.isArray(v)) return false;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'string' && r.test(x)) return true;
    }
    return false;
  };
}

/** Equality against a set of scalars (and, for $in, regexes): strings and numbers without building keys. */
interface ScalarSet {
  strings: Set<string>;
  numbers: Set<number>;
  /** ObjectIds, compared byte-wise (no hex string per document). */
  objectIds: ObjectId[];
  /** Canonical keys of every other operand (dates, booleans, BSON numbers). */
  keys: Set<string>;
  regexes: RegExp[];
}

function scalarSet(values: unknown[], regexes: RegExp[] = []): ScalarSet {
  const set: ScalarSet = { strings: new Set(), numbers: new Set(), objectIds: [], keys: new Set(), regexes };
  for (const v of values) {
    if (typeof v === 'string') set.strings.add(v);
    else if (typeof v === 'number') set.numbers.add(v);
    else if (bsonType(v) === 'ObjectId') set.objectIds.push(v as ObjectId);
    set.keys.add(canonKey(v));
  }
  return set;
}

function equalsAny(path: string, set: ScalarSet): Predicate {
  const generic = equalsAnyValue(path, set);
  if (path.includes('.') || set.regexes.length > 0) return generic;
  const { strings, objectIds, keys } = set;
  // A top-level field holding a string or an ObjectId (most documents) is decided here, every other value
  // (arrays, other types, a missing field) by the general predicate.
  if (strings.size > 0 && strings.size === keys.size) {
    if (strings.size === 1) {
      const only = strings.values().next().value;
      return (doc) => {
        const v = doc[path];
        return typeof v === 'string' ? v === only : generic(doc);
      };
    }
    return (doc) => {
      const v = doc[path];
      return typeof v === 'string' ? strings.has(v) : generic(doc);
    };
  }
  if (objectIds.length > 0 && objectIds.length === keys.size && objectIds.length <= 16) {
    return (doc) => {
      const v = doc[path];
      if (bsonType(v) !== 'ObjectId') return generic(doc);
      const id = v as ObjectId;
      for (let i = 0; i < objectIds.length; i++) if (id.equals(objectIds[i])) return true;
      return false;
    };
  }
  return generic;
}

function equalsAnyValue(path: string, set: ScalarSet): Predicate {
  const { strings, numbers, objectIds, keys, regexes } = set;
  return anyValue(path, (v) => {
    if (typeof v === 'string') return strings.has(v) || (regexes.length > 0 && regexes.some((re) => re.test(v)));
    if (typeof v === 'number') return numbers.has(v);
    if (v === undefined || v === null || typeof v !== 'object' || Array.isArray(v)) return typeof v === 'boolean' && keys.has(canonKey(v));
    if (bsonType(v) === 'ObjectId' && objectIds.length <= 16) {
      const id = v as ObjectId;
      for (let i = 0; i < objectIds.length; i++) if (id.equals(objectIds[i])) return true;
      return false;
    }
    return keys.has(canonKey(v));
  });
}

type Range = '$gt' | '$gte' | '$lt' | '$lte';
const RANGES = new Set<string>(['$gt', '$gte', '$lt', '$lte']);

function inRange(op: Range, c: number): boolean {
  return op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0;
}

/** A range on numbers or dates (MongoDB compares only within the operand's type bracket). */
function range(path: string, op: Range, operand: unknown): Predicate | undefined {
  if (operand instanceof Date) {
    const t = operand.getTime();
    return anyValue(path, (v) => v instanceof Date && inRange(op, v.getTime() - t));
  }
  if (isNumeric(operand) && typeof operand !== 'bigint' && bsonType(operand) !== 'Decimal128') {
    const n = toNumber(operand);
    if (Number.isNaN(n)) return undefined;
    return anyValue(path, (v) => {
      if (!isNumeric(v) || typeof v === 'bigint' || bsonType(v) === 'Decimal128') return false;
      const x = toNumber(v);
      return !Number.isNaN(x) && inRange(op, x - n);
    });
  }
  return undefined;
}

/**
 * A condition made only of number ranges on a top-level field (`{$gte: 20, $lte: 60}`): one closure that
 * compares a plain number directly; any other value goes to the general predicate of the same condition.
 */
function numberRanges(path: string, cond: Doc, generic: Predicate): Predicate | undefined {
  if (path.includes('.')) return undefined;
  const ops = Object.keys(cond);
  if (!ops.every((op) => RANGES.has(op) && typeof cond[op] === 'number' && !Number.isNaN(cond[op]))) return undefined;
  const bound = (op: Range): number | undefined => (typeof cond[op] === 'number' ? cond[op] : undefined);
  const gt = bound('$gt') ?? -Infinity;
  const gte = bound('$gte') ?? -Infinity;
  const lt = bound('$lt') ?? Infinity;
  const lte = bound('$lte') ?? Infinity;
  const strictLow = '$gt' in cond;
  const strictHigh = '$lt' in cond;
  return (doc) => {
    const v = doc[path];
    if (typeof v !== 'number') return generic(doc);
    return (strictLow ? v > gt : true) && v >= gte && (strictHigh ? v < lt : true) && v <= lte;
  };
}

/** The members of an $in/$nin list, when all are scalars or regexes. */
function listOf(arg: unknown): ScalarSet | undefined {
  if (!Array.isArray(arg)) return undefined;
  const scalars: unknown[] = [];
  const regexes: RegExp[] = [];
  for (const x of arg) {
    const re = bsonRegex(x);
    if (re) regexes.push(stateless(re));
    else if (isKeyScalar(x)) scalars.push(x);
    else return undefined;
  }
  return scalarSet(scalars, regexes);
}

/** `{field: null}` on a top-level field: the field is null or missing, or an array holding null. */
function isNullish(path: string): Predicate {
  return (doc) => {
    const v = doc[path];
    return v === undefined || v === null || (Array.isArray(v) && v.includes(null));
  };
}

/** `$elemMatch` with a query on a top-level array of documents: some element that is a document matches it. */
function elemMatch(path: string, query: unknown): Predicate | undefined {
  const element = documentQuery(query);
  if (!element) return undefined;
  return (doc) => {
    const v = doc[path];
    if (!Array.isArray(v)) return false;
    for (let i = 0; i < v.length; i++) if (isPlainObject(v[i]) && element(v[i] as Doc)) return true;
    return false;
  };
}

/** One operator of a field's condition, or undefined when it is left for mingo. */
function operator(path: string, op: string, arg: unknown, cond: Doc): Predicate | undefined {
  const topLevel = !path.includes('.');
  if (op === '$eq' || op === '$ne') {
    const eq = isKeyScalar(arg) ? equalsAny(path, scalarSet([arg])) : arg === null && topLevel ? isNullish(path) : undefined;
    return eq && (op === '$eq' ? eq : (doc: Doc) => !eq(doc));
  }
  if (op === '$in' || op === '$nin') {
    const list = listOf(arg);
    const any = list && equalsAny(path, list);
    return any && (op === '$in' ? any : (doc: Doc) => !any(doc));
  }
  if (RANGES.has(op)) return range(path, op as Range, arg);
  if (op === '$regex') {
    const options = cond.$options;
    if (options !== undefined && typeof options !== 'string') return undefined;
    const given = bsonRegex(arg);
    // A regex object together with $options is left to mingo (which flags win is MongoDB's business).
    const base = given ? (options === undefined ? given : undefined) : typeof arg === 'string' ? toRegExp(arg, options ?? '') : undefined;
    return base && matchesRegex(path, stateless(base));
  }
  if (!topLevel) return undefined;
  if (op === '$exists' && typeof arg === 'boolean') return arg ? (doc) => doc[path] !== undefined : (doc) => doc[path] === undefined;
  if (op === '$elemMatch') return elemMatch(path, arg);
  if (op === '$not' && isPlainObject(arg) && bsonType(arg) === undefined) {
    const inner = fieldCondition(path, arg);
    return inner && ((doc: Doc) => !inner(doc));
  }
  return undefined;
}

/** One field's condition, or undefined when any part of it is left for mingo. */
function fieldCondition(path: string, cond: unknown): Predicate | undefined {
  const re = bsonRegex(cond);
  if (re) return matchesRegex(path, stateless(re));
  if (isKeyScalar(cond)) return equalsAny(path, scalarSet([cond]));
  if (cond === null) return path.includes('.') ? undefined : isNullish(path);
  if (!isPlainObject(cond) || bsonType(cond) !== undefined) return undefined;
  const ops = Object.keys(cond);
  if (ops.length === 0 || !ops.every((op) => op.startsWith('$'))) return undefined;
  const parts: Predicate[] = [];
  for (const op of ops) {
    if (op === '$options') {
      if (!('$regex' in cond)) return undefined;
      continue;
    }
    const p = operator(path, op, cond[op], cond);
    if (!p) return undefined;
    parts.push(p);
  }
  const generic = allOf(parts);
  return numberRanges(path, cond, generic) ?? generic;
}

/**
 * A query on documents such as an array's elements (not empty, fields only, no top-level operator), or
 * undefined unless every clause compiles.
 */
export function documentQuery(query: unknown): Predicate | undefined {
  if (!isPlainObject(query) || Object.keys(query).length === 0 || Object.keys(query).some((k) => k.startsWith('$'))) return undefined;
  return wholeFilter(query);
}

/** A whole sub-filter ($and/$or/$nor branch), or undefined unless every clause compiles. */
export function wholeFilter(filter: unknown): Predicate | undefined {
  if (!isPlainObject(filter)) return undefined;
  const { predicates, rest } = compileFastFilter(filter);
  if (Object.keys(rest).length > 0) return undefined;
  return allOf(predicates);
}

function logical(op: string, branches: unknown): Predicate | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const compiled: Predicate[] = [];
  for (const b of branches) {
    const p = wholeFilter(b);
    if (!p) return undefined;
    compiled.push(p);
  }
  const n = compiled.length;
  const some = (doc: Doc): boolean => {
    for (let i = 0; i < n; i++) if (compiled[i](doc)) return true;
    return false;
  };
  if (op === '$and') return allOf(compiled);
  if (op === '$or') return some;
  return (doc) => !some(doc);
}

export function compileFastFilter(filter: Doc): FastFilter {
  const predicates: Predicate[] = [];
  const rest: Doc = {};
  for (const [key, cond] of Object.entries(filter)) {
    let p: Predicate | undefined;
    if (key === '$and' || key === '$or' || key === '$nor') p = logical(key, cond);
    else if (!key.startsWith('$') && key !== '' && !key.split('.').includes('')) p = fieldCondition(key, cond);
    if (p) predicates.push(p);
    else rest[key] = cond;
  }
  return { predicates, rest };
}
