import { CommandError } from '../errors';
import { Doc, idKeyOf, isPlainObject } from '../bson-util';
import { Index } from './indexes';

/**
 * One collection: documents keyed by `_id` (insertion ordered) and its indexes. Only unique indexes hold data
 * (the owner of each key); a secondary index is a declaration that a query never uses.
 */
export class Collection {
  readonly docs = new Map<string, Doc>();
  readonly indexes: Index[] = [];

  constructor(
    public db: string,
    public name: string,
    public options: Doc = {},
  ) {
    this.indexes.push(new Index({ v: 2, key: { _id: 1 }, name: '_id_' }));
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  /** Throws the E11000 error a write of `doc` would cause; `selfKey` is the idKey being replaced. */
  checkUnique(doc: Doc, selfKey?: string): void {
    const key = idKeyOf(doc._id);
    if (key !== selfKey && this.docs.has(key)) throw this.indexes[0].duplicateError(this.ns, [doc._id]);
    for (const idx of this.indexes) {
      if (!idx.unique || idx.name === '_id_') continue;
      const k = idx.keysFor(doc);
      if (!k) continue;
      for (let i = 0; i < k.keys.length; i++) {
        const owner = idx.owners.get(k.keys[i]);
        if (owner !== undefined && owner !== selfKey) throw idx.duplicateError(this.ns, k.values[i]);
      }
    }
  }

  insert(doc: Doc): void {
    this.checkUnique(doc);
    const key = idKeyOf(doc._id);
    this.docs.set(key, doc);
    this.indexDoc(doc, key);
  }

  /** Replaces the stored document with the same `_id` (validated for uniqueness first). */
  replace(key: string, next: Doc): void {
    const prev = this.docs.get(key);
    this.checkUnique(next, key);
    if (prev) this.unindexDoc(prev, key);
    this.docs.set(key, next);
    this.indexDoc(next, key);
  }

  remove(key: string): boolean {
    const prev = this.docs.get(key);
    if (!prev) return false;
    this.unindexDoc(prev, key);
    this.docs.delete(key);
    return true;
  }

  /** Journal replay: store without validation. */
  put(doc: Doc): void {
    const key = idKeyOf(doc._id);
    const prev = this.docs.get(key);
    if (prev) this.unindexDoc(prev, key);
    this.docs.set(key, doc);
    this.indexDoc(doc, key);
  }

  findIndex(name: string): Index | undefined {
    return this.indexes.find((i) => i.name === name);
  }

  /** Adds an index, building it over existing data (fails with 11000 when unique data conflicts). */
  addIndex(idx: Index): void {
    if (idx.unique) {
      for (const [key, doc] of this.docs) {
        const k = idx.keysFor(doc);
        if (!k) continue;
        for (let i = 0; i < k.keys.length; i++) {
          const owner = idx.owners.get(k.keys[i]);
          if (owner !== undefined && owner !== key) {
            idx.owners.clear();
            throw idx.duplicateError(this.ns, k.values[i]);
          }
          idx.owners.set(k.keys[i], key);
        }
      }
    }
    this.indexes.push(idx);
  }

  dropIndex(name: string): void {
    const i = this.indexes.findIndex((x) => x.name === name);
    if (i <= 0) throw new CommandError('IndexNotFound', `index not found with name [${name}]`);
    this.indexes.splice(i, 1);
  }

  private indexDoc(doc: Doc, key: string): void {
    for (const idx of this.indexes) {
      if (!idx.unique || idx.name === '_id_') continue;
      const k = idx.keysFor(doc);
      if (k) for (const s of k.keys) idx.owners.set(s, key);
    }
  }

  private unindexDoc(doc: Doc, key: string): void {
    for (const idx of this.indexes) {
      if (!idx.unique || idx.name === '_id_') continue;
      const k = idx.keysFor(doc);
      if (k) for (const s of k.keys) if (idx.owners.get(s) === key) idx.owners.delete(s);
    }
  }

  /**
   * The documents stored under the ids an `_id` condition pins to scalar values (`v`, `{$eq: v}`, `{$in: [...]}`,
   * possibly beside other operators), or undefined when it pins none. `exact` says the condition is nothing but
   * those values, so the documents are exactly its matches: stored ids compare as MongoDB compares them
   * (canonKey: 1, 1.0 and Long 1 are one id), and the condition need not be tested again.
   */
  byId(cond: unknown, caseInsensitive: boolean): { docs: Iterable<Doc>; exact: boolean } | undefined {
    const values = equalityValues(cond, caseInsensitive);
    if (!values) return undefined;
    const out = new Map<string, Doc>();
    for (const v of values) {
      const key = idKeyOf(v);
      const doc = this.docs.get(key);
      if (doc) out.set(key, doc);
    }
    const exact = !isPlainObject(cond) || Object.keys(cond).length === 1;
    return { docs: out.values(), exact };
  }
}

/** Scalar values a filter condition requires a field to equal, or undefined when not index-friendly. */
function equalityValues(cond: unknown, caseInsensitive: boolean): unknown[] | undefined {
  const scalar = (v: unknown): boolean =>
    v !== null && v !== undefined && !(v instanceof RegExp) && !Array.isArray(v) && !isPlainObject(v) && !(caseInsensitive && typeof v === 'string');
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    if (keys.length === 0 || !keys[0].startsWith('$')) return undefined;
    if ('$eq' in cond && scalar(cond.$eq)) return [cond.$eq];
    if ('$in' in cond && Array.isArray(cond.$in) && cond.$in.every(scalar)) return cond.$in as unknown[];
    return undefined;
  }
  return scalar(cond) ? [cond] : undefined;
}
