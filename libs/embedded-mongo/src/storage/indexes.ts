import { CommandError } from '../errors';
import { Doc, bsonText, bsonType, canonKey, isPlainObject, pathValues } from '../bson-util';
import { Matcher, compileFilter, parseCollation, isCaseInsensitive } from '../query/matcher';

const MAX_KEY_COMBINATIONS = 1000;

/** Builds the default index name from its key pattern, e.g. `{ email: 1, n: -1 }` → `email_1_n_-1`. */
export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${typeof v === 'number' || typeof v === 'string' ? v : String(v)}`)
    .join('_');
}

/** Renders a value the way mongod prints it inside `dup key: { ... }`. */
export function renderValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return '[ ' + v.map(renderValue).join(', ') + ' ]';
  const t = bsonType(v);
  if (t === 'ObjectId') return `ObjectId('${bsonText(v)}')`;
  if (t !== undefined) return bsonText(v);
  if (isPlainObject(v)) {
    const parts = Object.entries(v).map(([k, x]) => `${k}: ${renderValue(x)}`);
    return parts.length ? `{ ${parts.join(', ')} }` : '{}';
  }
  return bsonText(v);
}

export class Index {
  readonly spec: Doc;
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly fold: boolean;
  private readonly partial?: Matcher;
  /** unique key → idKey of the owning document (unique indexes only). */
  readonly owners = new Map<string, string>();

  constructor(spec: Doc) {
    const key = spec.key;
    if (!isPlainObject(key) || Object.keys(key).length === 0) {
      throw new CommandError('BadValue', 'Index key pattern must be a non-empty object');
    }
    for (const v of Object.values(key)) {
      if (v === 'text' || v === '2d' || v === '2dsphere' || v === 'geoHaystack') {
        throw new CommandError('NotImplemented', `${String(v)} indexes are not supported by embedded-mongo`);
      }
    }
    const name = typeof spec.name === 'string' && spec.name ? spec.name : defaultIndexName(key);
    const { v: _v, key: _k, name: _n, ...rest } = spec;
    this.spec = { v: 2, key, name, ...rest };
    this.name = name;
    this.fields = Object.keys(key);
    this.unique = spec.unique === true || this.name === '_id_';
    this.sparse = spec.sparse === true;
    this.fold = isCaseInsensitive(parseCollation(spec.collation));
    if (isPlainObject(spec.partialFilterExpression)) this.partial = compileFilter(spec.partialFilterExpression);
  }

  get keyPattern(): Doc {
    return this.spec.key as Doc;
  }

  /** Unique-key strings for a document, or null when the document is not covered (sparse / partial). */
  keysFor(doc: Doc): { keys: string[]; values: unknown[][] } | null {
    if (this.partial && !this.partial.test(doc)) return null;
    const perField = this.fields.map((f) => pathValues(doc, f));
    if (this.sparse && perField.every((vals) => vals.length === 0)) return null;
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const options = vals.length === 0 ? [null] : dedupe(vals, this.fold);
      const next: unknown[][] = [];
      for (const c of combos) for (const o of options) if (next.length < MAX_KEY_COMBINATIONS) next.push([...c, o]);
      combos = next;
    }
    return { keys: combos.map((c) => c.map((v) => canonKey(v, this.fold)).join('|')), values: combos };
  }

  duplicateError(ns: string, values: unknown[]): CommandError {
    const keyValue: Doc = {};
    this.fields.forEach((f, i) => (keyValue[f] = values[i] === undefined ? null : values[i]));
    const rendered = '{ ' + this.fields.map((f, i) => `${f}: ${renderValue(values[i])}`).join(', ') + ' }';
    return new CommandError('DuplicateKey', `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: ${rendered}`, {
      keyPattern: { ...this.keyPattern },
      keyValue,
    });
  }
}

function dedupe(vals: unknown[], fold: boolean): unknown[] {
  if (vals.length < 2) return vals;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const v of vals) {
    const k = canonKey(v, fold);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  }
  return out;
}
