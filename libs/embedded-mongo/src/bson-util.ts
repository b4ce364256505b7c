import { ObjectId } from 'bson';

/** A BSON document as held in memory (values are bson-js classes, Dates, arrays, plain objects). */
export type Doc = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The `_bsontype` tag of bson-js value classes (ObjectId, Long, Decimal128, Binary...). */
export function bsonType(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const t = (v as { _bsontype?: unknown })._bsontype;
  return typeof t === 'string' ? t : undefined;
}

/** Converts numeric command arguments (number, Long, Int32, Double, Decimal128) to a JS number. */
export function toNumber(v: unknown, fallback = 0): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  const t = bsonType(v);
  if (t === 'Long') return (v as { toNumber(): number }).toNumber();
  if (t === 'Int32' || t === 'Double') return (v as { valueOf(): number }).valueOf();
  if (t === 'Decimal128') return Number.parseFloat(String(v));
  return fallback;
}

export function isNumeric(v: unknown): boolean {
  if (typeof v === 'number' || typeof v === 'bigint') return true;
  const t = bsonType(v);
  return t === 'Long' || t === 'Int32' || t === 'Double' || t === 'Decimal128';
}

/**
 * Canonical string for a value, used as hash/unique index key. Numbers of every BSON width compare equal
 * when numerically equal (1 == Long(1) == 1.0). `fold` lower-cases strings (case-insensitive collation).
 */
export function canonKey(v: unknown, fold = false): string {
  if (v === undefined || v === null) return 'z';
  switch (typeof v) {
    case 'string':
      return 's' + JSON.stringify(fold ? v.toLowerCase() : v);
    case 'number':
      return 'n' + (Object.is(v, -0) ? 0 : v);
    case 'boolean':
      return v ? 'b1' : 'b0';
    case 'bigint':
      return 'n' + v.toString();
    default:
      break;
  }
  if (v instanceof Date) return 'd' + v.getTime();
  if (v instanceof RegExp) return 'r' + String(v);
  if (Array.isArray(v)) return '[' + v.map((x) => canonKey(x, fold)).join(',') + ']';
  const t = bsonType(v);
  if (t !== undefined) {
    switch (t) {
      case 'ObjectId':
        return 'o' + (v as ObjectId).toHexString();
      case 'Long':
      case 'Int32':
      case 'Double':
      case 'Decimal128': {
        const n = toNumber(v);
        return Number.isSafeInteger(n) || !Number.isInteger(n) ? 'n' + n : 'n' + bsonText(v);
      }
      case 'Binary': {
        const b = v as { sub_type: number; buffer: Uint8Array };
        return 'x' + b.sub_type + ':' + Buffer.from(b.buffer).toString('base64');
      }
      default:
        return 't' + t + ':' + JSON.stringify(v);
    }
  }
  if (typeof v === 'object') {
    const o = v as Doc;
    return (
      '{' +
      Object.keys(o)
        .map((k) => JSON.stringify(k) + ':' + canonKey(o[k], fold))
        .join(',') +
      '}'
    );
  }
  return 'u' + bsonText(v);
}

/** A value's own text: a BSON value's toString (ObjectId hex, Long and Decimal128 digits), a primitive's String(). */
export function bsonText(v: unknown): string {
  return v !== null && typeof v === 'object' ? (v as { toString(): string }).toString() : String(v);
}

/** Key used to store a document in its collection map, derived from `_id`. */
export function idKeyOf(id: unknown): string {
  return canonKey(id);
}

/** Deep copy of a stored document: plain objects, arrays and Dates are copied; immutable bson values are shared. */
export function cloneDoc<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (Array.isArray(v)) return v.map((x: unknown) => cloneDoc(x)) as T;
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = cloneDoc(v[k]);
    return out as T;
  }
  return v;
}

/** Returns the document with `_id` as its first key (adds a new ObjectId when missing). */
export function withIdFirst(doc: Doc): Doc {
  const id = doc._id === undefined ? new ObjectId() : doc._id;
  const keys = Object.keys(doc);
  if (keys[0] === '_id') return doc;
  const out: Doc = { _id: id };
  for (const k of keys) if (k !== '_id') out[k] = doc[k];
  return out;
}

/** Collects every value reachable by a dotted path, descending through arrays (Mongo multikey semantics). */
export function pathValues(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out;
}

function collect(cur: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(cur)) {
      for (const x of cur) out.push(x);
      if (cur.length === 0) out.push(cur);
    } else out.push(cur);
    return;
  }
  if (cur === null || cur === undefined || typeof cur !== 'object') return;
  if (Array.isArray(cur)) {
    const idx = /^\d+$/.test(parts[i]) ? Number(parts[i]) : -1;
    if (idx >= 0) {
      collect(cur[idx], parts, i + 1, out);
      return;
    }
    for (const el of cur) if (el !== null && typeof el === 'object') collect(el, parts, i, out);
    return;
  }
  if (!isPlainObject(cur)) return;
  if (!(parts[i] in cur)) return;
  collect(cur[parts[i]], parts, i + 1, out);
}

/** Reads a single (non-multikey) dotted path. */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const p of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Doc)[p];
  }
  return cur;
}

/** Sets a dotted path, creating intermediate objects. */
export function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (next === null || typeof next !== 'object') {
      const created: Doc = {};
      cur[parts[i]] = created;
      cur = created;
    } else cur = next as Doc;
  }
  cur[parts[parts.length - 1]] = value;
}

/** Rank of a value in MongoDB's cross-type sort order. */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
    default:
      break;
  }
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  if (Array.isArray(v)) return 5;
  const t = bsonType(v);
  switch (t) {
    case undefined:
      return 4;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 2;
    case 'Binary':
      return 6;
    case 'ObjectId':
      return 7;
    case 'Timestamp':
      return 10;
    case 'BSONRegExp':
      return 11;
    case 'MinKey':
      return 0;
    case 'MaxKey':
      return 99;
    default:
      return 4;
  }
}

export type StringCompare = (a: string, b: string) => number;

const plainCompare: StringCompare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two BSON values with MongoDB ordering (numbers across widths, ObjectId by bytes, dates by time). */
export function compareValues(a: unknown, b: unknown, strCmp: StringCompare = plainCompare): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
    case 0:
    case 99:
      return 0;
    case 2: {
      const x = toNumber(a);
      const y = toNumber(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
      return strCmp(a as string, b as string);
    case 7:
      return plainCompare((a as ObjectId).toHexString(), (b as ObjectId).toHexString());
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    case 5: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i], strCmp);
        if (c !== 0) return c;
      }
      return xa.length - xb.length;
    }
    case 4: {
      const ka = Object.keys(a as Doc);
      const kb = Object.keys(b as Doc);
      for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
        const c = plainCompare(ka[i], kb[i]) || compareValues((a as Doc)[ka[i]], (b as Doc)[kb[i]], strCmp);
        if (c !== 0) return c;
      }
      return ka.length - kb.length;
    }
    default:
      return plainCompare(canonKey(a), canonKey(b));
  }
}
