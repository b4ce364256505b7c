import { Doc } from '../bson-util';

/**
 * A trigram index over the string values of one top-level field, so that an unanchored literal regex (a
 * shop's search: `{ name: /linen shirt/i }`) looks at the documents holding every trigram of the text instead
 * of testing the regex on the whole collection. It only ever proposes candidates: the caller still applies
 * the full filter, so the index may hold more than needed but never less.
 *
 * - Trigrams are taken over ASCII characters folded to lower case (see CLASS); a non-ASCII character ends a
 *   trigram. This is a superset for case-sensitive regexes and for `i` without `u`, where JavaScript never
 *   matches a non-ASCII character to an ASCII one (its case folding maps non-ASCII characters to ASCII ones
 *   only under `u`).
 * - Each document has a row (its collection's RowTable, shared by all its trigram indexes); a posting list
 *   holds rows. A changed value adds its new trigrams and leaves the old ones (more candidates, never fewer);
 *   the index is rebuilt once stale entries outnumber live ones. A freed row is reused, so a stale entry may
 *   point at another document: one more candidate, never a missed one.
 */
export class GramIndex {
  /** gram → 1 + its list's position in `lists` (0: no list yet). */
  private readonly heads = new Int32Array(GRAM_SPACE);
  private readonly lists: SlotList[] = [];
  /** gram → the pass that last saw it, to count each gram once per document. */
  private readonly seen = new Int32Array(GRAM_SPACE);
  private pass = 0;
  /** The trigrams `collect` found last. */
  private scratch = new Int32Array(256);
  /** Entries in the posting lists, and how many of them the stored documents need. */
  private entries = 0;
  private live = 0;
  /** How many times the index was rebuilt to drop stale entries (for diagnostics and tests). */
  rebuilds = 0;

  /** `rows` must already hold every document given here, and every one added later. */
  constructor(
    readonly field: string,
    private readonly rows: RowTable,
    docs: Iterable<[string, Doc]>,
  ) {
    for (const [key, doc] of docs) this.add(key, doc);
  }

  add(key: string, doc: Doc): void {
    const slot = this.rows.row(key);
    if (slot === undefined) return;
    const added = this.collect(doc[this.field]);
    const grams = this.scratch;
    for (let i = 0; i < added; i++) {
      const g = grams[i];
      let head = this.heads[g];
      if (head === 0) {
        this.lists.push(new SlotList());
        head = this.heads[g] = this.lists.length;
      }
      this.lists[head - 1].push(slot);
    }
    this.entries += added;
    this.live += added;
  }

  /** The document leaves the collection (its row is freed by the collection afterwards). */
  remove(doc: Doc): void {
    this.live -= this.collect(doc[this.field]);
  }

  /** The stored document `key` changed from `prev` to `next`; `all` rebuilds the index when it is mostly stale. */
  replace(key: string, prev: Doc, next: Doc, all: () => Iterable<[string, Doc]>): void {
    const before = prev[this.field];
    // Most updates (stock, ratings, status) leave the text alone: the row table already points at `next`.
    if (before === next[this.field]) return;
    this.live -= this.collect(before);
    this.add(key, next);
    if (this.entries > 2 * this.live + 4096) this.rebuild(all());
  }

  private rebuild(docs: Iterable<[string, Doc]>): void {
    this.rebuilds++;
    this.heads.fill(0);
    this.lists.length = 0;
    this.entries = 0;
    this.live = 0;
    for (const [key, doc] of docs) this.add(key, doc);
  }

  /** Puts the distinct trigrams of a value's strings (a string, or an array's) in `scratch`; returns how many. */
  private collect(value: unknown): number {
    const pass = ++this.pass;
    if (typeof value === 'string') return this.collectString(value, pass, 0);
    let count = 0;
    if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') count = this.collectString(v, pass, count);
    return count;
  }

  private collectString(s: string, pass: number, from: number): number {
    let count = from;
    let a = -1;
    let b = -1;
    for (let i = 0; i < s.length; i++) {
      const code = s.charCodeAt(i);
      const c = code < 128 ? CLASS[code] : -1;
      if (a >= 0 && b >= 0 && c >= 0) {
        const g = (a << 12) | (b << 6) | c;
        if (this.seen[g] !== pass) {
          this.seen[g] = pass;
          if (count === this.scratch.length) {
            const grown = new Int32Array(count * 2);
            grown.set(this.scratch);
            this.scratch = grown;
          }
          this.scratch[count++] = g;
        }
      }
      a = b;
      b = c;
    }
    return count;
  }

  /**
   * The rows of the stored documents whose value may contain `text` (folded as above), each once, in the order
   * of the shortest posting list; undefined when the text has no trigram.
   */
  lookupRows(text: string): number[] | undefined {
    const grams = this.collect(text);
    if (grams === 0) return undefined;
    const found: SlotList[] = [];
    for (let i = 0; i < grams; i++) {
      const head = this.heads[this.scratch[i]];
      if (head === 0) return [];
      found.push(this.lists[head - 1]);
    }
    found.sort((a, b) => a.length - b.length);
    const lists = found.slice(0, 255);
    // counts[slot] = how many of the lists so far hold the slot (a slot repeated in one list counts once).
    const counts = new Uint8Array(this.rows.capacity);
    for (let j = 0; j < lists.length; j++) {
      const { data, length } = lists[j];
      for (let i = 0; i < length; i++) {
        const slot = data[i];
        if (counts[slot] === j) counts[slot] = j + 1;
      }
    }
    const out: number[] = [];
    const first = lists[0];
    for (let i = 0; i < first.length; i++) {
      const slot = first.data[i];
      if (counts[slot] === lists.length) {
        counts[slot] = 0;
        if (this.rows.has(slot)) out.push(slot);
      }
    }
    return out;
  }
}

/**
 * Dense row numbers for the stored documents of one collection, shared by its trigram indexes, so that the
 * candidates of several indexes (an `$or` over name, brand and description) can be united by marking rows in
 * a byte array instead of collecting documents in a Set. A freed row is reused by the next new document.
 */
export class RowTable {
  private readonly rowOf = new Map<string, number>();
  /** row → the stored document (undefined when the row is free). */
  private readonly docAt: (Doc | undefined)[] = [];
  private readonly free: number[] = [];

  constructor(docs: Iterable<[string, Doc]>) {
    for (const [key, doc] of docs) this.set(key, doc);
  }

  /** How many rows there are (live and free): the size of an array indexed by row. */
  get capacity(): number {
    return this.docAt.length;
  }

  row(key: string): number | undefined {
    return this.rowOf.get(key);
  }

  has(row: number): boolean {
    return this.docAt[row] !== undefined;
  }

  /** Stores a new document, or points an existing row at the document's new version. */
  set(key: string, doc: Doc): void {
    let row = this.rowOf.get(key);
    if (row === undefined) {
      row = this.free.pop() ?? this.docAt.length;
      this.rowOf.set(key, row);
    }
    this.docAt[row] = doc;
  }

  delete(key: string): void {
    const row = this.rowOf.get(key);
    if (row === undefined) return;
    this.rowOf.delete(key);
    this.docAt[row] = undefined;
    this.free.push(row);
  }

  /** The documents of these rows, in order (rows that are free are skipped). */
  docsAt(rows: ArrayLike<number>): Doc[] {
    const out: Doc[] = [];
    for (let i = 0; i < rows.length; i++) {
      const doc = this.docAt[rows[i]];
      if (doc !== undefined) out.push(doc);
    }
    return out;
  }

  /** The documents of every list of rows, each once, in order of first appearance. */
  union(lists: ArrayLike<number>[]): Doc[] {
    const seen = new Uint8Array(this.docAt.length);
    const out: Doc[] = [];
    for (const rows of lists) {
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (seen[row] === 1) continue;
        seen[row] = 1;
        const doc = this.docAt[row];
        if (doc !== undefined) out.push(doc);
      }
    }
    return out;
  }
}

/**
 * ASCII characters in 64 classes (6 bits, so a trigram is 18 bits): letters folded to lower case, digits and
 * space each their own class, other characters sharing classes (a shared class only adds candidates).
 */
const CLASS = new Int8Array(128);
for (let c = 0; c < 128; c++) {
  const lower = c >= 65 && c <= 90 ? c + 32 : c;
  if (lower >= 97 && lower <= 122) CLASS[c] = lower - 97;
  else if (c >= 48 && c <= 57) CLASS[c] = 26 + c - 48;
  else if (c === 32) CLASS[c] = 36;
  else CLASS[c] = 37 + (c % 27);
}
const GRAM_SPACE = 1 << 18;

/** A growable list of slots. */
class SlotList {
  data = new Int32Array(4);
  length = 0;

  push(slot: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = slot;
  }
}

const META = new Set(['^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);

/**
 * The text a regex matches literally (`/linen shirt/i`, `/T\-shirt/`), or undefined when it is anything else:
 * metacharacters, escapes such as \d or \b, or the `u`/`v` flags (whose case folding crosses into ASCII).
 */
export function regexLiteral(re: RegExp): string | undefined {
  if (!/^[dgimsy]*$/.test(re.flags)) return undefined;
  const src = re.source;
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') {
      const next = src[i + 1];
      if (next === undefined || /[A-Za-z0-9_]/.test(next)) return undefined;
      out += next;
      i++;
    } else if (META.has(ch)) {
      return undefined;
    } else {
      out += ch;
    }
  }
  return out;
}
