import { CommandError } from '../errors';
import { Doc, canonKey, idKeyOf, isPlainObject, pathValues, withFastProperties } from '../bson-util';
import { Index } from './indexes';

/**
 * Equality index of one field: value key → the documents holding it (idKey → stored document, so that a
 * lookup needs no second trip through `docs`). `multi` counts the documents filed under more than one value
 * (an array field): while it is 0 the buckets are disjoint, and an `$in` over several of them is their
 * concatenation.
 */
interface HashIndex {
  buckets: Map<string, Map<string, Doc>>;
  multi: number;
}

/** Scans remembered per collection (each an array of references to stored documents). */
const MATCH_CACHE_SIZE = 16;

/** Where a filter's candidates can come from: how many there are at most, and the documents. */
interface Source {
  size: number;
  docs: () => Iterable<Doc>;
}

/** One collection: documents keyed by `_id` (insertion ordered), unique indexes and equality hash indexes. */
export class Collection {
  readonly docs = new Map<string, Doc>();
  readonly indexes: Index[] = [];
  /** field → (value key → idKeys), for the first field of every secondary index. */
  private readonly hashes = new Map<string, HashIndex>();

  /** Bumped by every write: a cached match is valid only for the version it was computed on. */
  private version = 0;
  private readonly matches = new Map<string, { version: number; docs: Doc[] }>();

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

  insert(given: Doc): void {
    this.checkUnique(given);
    const doc = withFastProperties(given);
    const key = idKeyOf(doc._id);
    this.docs.set(key, doc);
    this.indexDoc(doc, key);
    this.version++;
  }

  /** Replaces the stored document with the same `_id` (validated for uniqueness first). */
  replace(key: string, given: Doc): void {
    const prev = this.docs.get(key);
    this.checkUnique(given, key);
    const next = withFastProperties(given);
    if (prev) this.unindexDoc(prev, key);
    this.docs.set(key, next);
    this.indexDoc(next, key);
    this.version++;
  }

  remove(key: string): boolean {
    const prev = this.docs.get(key);
    if (!prev) return false;
    this.unindexDoc(prev, key);
    this.docs.delete(key);
    this.version++;
    return true;
  }

  /** Journal replay: store without validation. */
  put(given: Doc): void {
    const doc = withFastProperties(given);
    const key = idKeyOf(doc._id);
    const prev = this.docs.get(key);
    if (prev) this.unindexDoc(prev, key);
    this.docs.set(key, doc);
    this.indexDoc(doc, key);
    this.version++;
  }

  /**
   * The documents a filter matched on this very version of the collection, if one of the last few scans
   * computed them (a page and its total count, or the next page of a search, share one scan).
   */
  cachedMatches(key: string): Doc[] | undefined {
    const hit = this.matches.get(key);
    if (!hit) return undefined;
    if (hit.version !== this.version) {
      this.matches.delete(key);
      return undefined;
    }
    return hit.docs;
  }

  rememberMatches(key: string, docs: Doc[]): void {
    if (this.matches.size >= MATCH_CACHE_SIZE) {
      for (const [k, v] of this.matches) if (v.version !== this.version) this.matches.delete(k);
      if (this.matches.size >= MATCH_CACHE_SIZE) this.matches.delete(this.matches.keys().next().value as string);
    }
    this.matches.set(key, { version: this.version, docs });
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
    this.rebuildHashes();
  }

  dropIndex(name: string): void {
    const i = this.indexes.findIndex((x) => x.name === name);
    if (i <= 0) throw new CommandError('IndexNotFound', `index not found with name [${name}]`);
    this.indexes.splice(i, 1);
    this.rebuildHashes();
  }

  private rebuildHashes(): void {
    this.hashes.clear();
    for (const idx of this.indexes) {
      const f = idx.fields[0];
      if (f === '_id' || this.hashes.has(f)) continue;
      this.hashes.set(f, { buckets: new Map(), multi: 0 });
    }
    if (this.hashes.size === 0) return;
    for (const [key, doc] of this.docs) this.hashDoc(doc, key, true);
  }

  private hashDoc(doc: Doc, key: string, add: boolean): void {
    for (const [field, index] of this.hashes) {
      const vals = pathValues(doc, field);
      const keys = vals.length === 0 ? ['z'] : vals.map((v) => canonKey(v));
      if (keys.length > 1 && keys.some((k) => k !== keys[0])) index.multi += add ? 1 : -1;
      for (const k of keys) {
        let bucket = index.buckets.get(k);
        if (add) {
          if (!bucket) index.buckets.set(k, (bucket = new Map()));
          bucket.set(key, doc);
        } else if (bucket) {
          bucket.delete(key);
          if (bucket.size === 0) index.buckets.delete(k);
        }
      }
    }
  }

  private indexDoc(doc: Doc, key: string): void {
    for (const idx of this.indexes) {
      if (!idx.unique || idx.name === '_id_') continue;
      const k = idx.keysFor(doc);
      if (k) for (const s of k.keys) idx.owners.set(s, key);
    }
    this.hashDoc(doc, key, true);
  }

  private unindexDoc(doc: Doc, key: string): void {
    for (const idx of this.indexes) {
      if (!idx.unique || idx.name === '_id_') continue;
      const k = idx.keysFor(doc);
      if (k) for (const s of k.keys) if (idx.owners.get(s) === key) idx.owners.delete(s);
    }
    this.hashDoc(doc, key, false);
  }

  /**
   * Candidate documents for a filter: uses `_id` or a hash index when the filter pins a field to
   * scalar values (equality or `$in`), and the union of its branches for an `$or` whose every branch has
   * one; otherwise every document (a regex is tested on every document that the rest of the filter leaves).
   * Callers still apply the full filter. Only the smallest choice is materialised, and one that would hold
   * more than half the collection is not used at all (a plain pass is cheaper than that many lookups).
   */
  candidates(filter: Doc, caseInsensitive: boolean): Iterable<Doc> {
    const chosen = this.bestSource(filter, caseInsensitive);
    if (!chosen || chosen.size * 2 > this.docs.size) return this.docs.values();
    return chosen.docs();
  }

  /** The stored documents of these idKeys. */
  private docsOf(keys: Iterable<string>): Doc[] {
    const out: Doc[] = [];
    for (const k of keys) {
      const d = this.docs.get(k);
      if (d) out.push(d);
    }
    return out;
  }

  /** The smallest source of candidates among clauses that must all hold (a filter, or an $and's part). */
  private bestSource(f: Doc, caseInsensitive: boolean): Source | undefined {
    let best: Source | undefined;
    const take = (s: Source | undefined): void => {
      if (s && (!best || s.size < best.size)) best = s;
    };
    for (const [field, cond] of Object.entries(f)) {
      if (field === '$and' && Array.isArray(cond)) {
        for (const sub of cond) if (isPlainObject(sub)) take(this.bestSource(sub, caseInsensitive));
      } else if (field === '$or' && Array.isArray(cond)) {
        take(this.anyOfSource(cond, caseInsensitive));
      } else if (!field.startsWith('$')) {
        take(this.fieldSource(field, cond, caseInsensitive));
      }
    }
    return best;
  }

  /** An $or: the union of its branches' sources, when every branch has one and together they stay small. */
  private anyOfSource(branches: unknown[], caseInsensitive: boolean): Source | undefined {
    const parts: Source[] = [];
    let size = 0;
    for (const branch of branches) {
      const s = isPlainObject(branch) ? this.bestSource(branch, caseInsensitive) : undefined;
      if (!s) return undefined;
      size += s.size;
      // Over half the collection a plain pass wins anyway (see candidates): stop looking up the others.
      if (size * 2 > this.docs.size) return undefined;
      parts.push(s);
    }
    if (parts.length === 0) return undefined;
    if (parts.length === 1) return parts[0];
    // Each document once, in branch order.
    return { size, docs: () => unionOf(parts.map((p) => p.docs())) };
  }

  /** One field's condition: `_id` or a hash index for equality/`$in` (anything else, a regex included, has none). */
  private fieldSource(field: string, cond: unknown, caseInsensitive: boolean): Source | undefined {
    const values = equalityValues(cond, caseInsensitive);
    if (!values) return undefined;
    if (field === '_id') {
      const keys = values.map((v) => idKeyOf(v)).filter((k) => this.docs.has(k));
      return { size: keys.length, docs: () => this.docsOf(new Set(keys)) };
    }
    const index = this.hashes.get(field);
    if (!index) return undefined;
    const buckets: Map<string, Doc>[] = [];
    let size = 0;
    for (const v of values) {
      const bucket = index.buckets.get(canonKey(v));
      if (bucket && !buckets.includes(bucket)) {
        buckets.push(bucket);
        size += bucket.size;
      }
    }
    return { size, docs: () => bucketDocs(buckets, index.multi === 0) };
  }
}

/**
 * The documents of hash-index buckets, each once, bucket by bucket. Disjoint buckets are read one after the
 * other; otherwise a document already read is skipped.
 */
function bucketDocs(buckets: Map<string, Doc>[], disjoint: boolean): Iterable<Doc> {
  if (buckets.length === 1) return buckets[0].values();
  if (disjoint) {
    const out: Doc[] = [];
    for (const bucket of buckets) for (const doc of bucket.values()) out.push(doc);
    return out;
  }
  const seen = new Map<string, Doc>();
  for (const bucket of buckets) for (const [key, doc] of bucket) if (!seen.has(key)) seen.set(key, doc);
  return seen.values();
}

function unionOf<T>(sets: Iterable<T>[]): Set<T> {
  const all = new Set<T>();
  for (const set of sets) for (const k of set) all.add(k);
  return all;
}

/** Scalar values a filter condition requires a field to equal, or undefined when not index-friendly. */
function equalityValues(cond: unknown, caseInsensitive: boolean): unknown[] | undefined {
  const scalar = (v: unknown): boolean =>
    v !== null &&
    v !== undefined &&
    !(v instanceof RegExp) &&
    !Array.isArray(v) &&
    !isPlainObject(v) &&
    !(caseInsensitive && typeof v === 'string');
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    if (keys.length === 0 || !keys[0].startsWith('$')) return undefined;
    if ('$eq' in cond && scalar(cond.$eq)) return [cond.$eq];
    if ('$in' in cond && Array.isArray(cond.$in) && cond.$in.every(scalar)) return cond.$in as unknown[];
    return undefined;
  }
  return scalar(cond) ? [cond] : undefined;
}
