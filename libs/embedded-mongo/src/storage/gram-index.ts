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
 * - Each document has a slot; a posting list holds slots. A changed value adds its new trigrams and leaves the
 *   old ones (more candidates, never fewer); the index is rebuilt once stale entries outnumber live ones.
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
  private readonly slotOf = new Map<string, number>();
  /** slot → the stored document it stands for (undefined when free). */
  private readonly docOf: (Doc | undefined)[] = [];
  private readonly free: number[] = [];
  /** Entries in the posting lists, and how many of them the stored documents need. */
  private entries = 0;
  private live = 0;
  /** How many times the index was rebuilt to drop stale entries (for diagnostics and tests). */
  rebuilds = 0;

  constructor(
    readonly field: string,
    docs: Iterable<[string, Doc]>,
  ) {
    for (const [key, doc] of docs) this.add(key, doc);
  }

  add(key: string, doc: Doc): void {
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.docOf.length;
      this.slotOf.set(key, slot);
    }
    this.docOf[slot] = doc;
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

  remove(key: string, doc: Doc): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    this.docOf[slot] = undefined;
    this.free.push(slot);
    this.live -= this.collect(doc[this.field]);
  }

  /** The stored document `key` changed from `prev` to `next`; `all` rebuilds the index when it is mostly stale. */
  replace(key: string, prev: Doc, next: Doc, all: () => Iterable<[string, Doc]>): void {
    const before = prev[this.field];
    // Most updates (stock, ratings, status) leave the text alone: the same string, only the document changes.
    const slot = this.slotOf.get(key);
    if (before === next[this.field] && slot !== undefined) {
      this.docOf[slot] = next;
      return;
    }
    this.live -= this.collect(before);
    this.add(key, next);
    if (this.entries > 2 * this.live + 4096) this.rebuild(all());
  }

  private rebuild(docs: Iterable<[string, Doc]>): void {
    this.rebuilds++;
    this.heads.fill(0);
    this.lists.length = 0;
    this.slotOf.clear();
    this.docOf.length = 0;
    this.free.length = 0;
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

  /** The stored documents whose value may contain `text` (folded as above); undefined when it has no trigram. */
  lookup(text: string): Doc[] | undefined {
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
    const counts = new Uint8Array(this.docOf.length);
    for (let j = 0; j < lists.length; j++) {
      const { data, length } = lists[j];
      for (let i = 0; i < length; i++) {
        const slot = data[i];
        if (counts[slot] === j) counts[slot] = j + 1;
      }
    }
    const out: Doc[] = [];
    const first = lists[0];
    for (let i = 0; i < first.length; i++) {
      const slot = first.data[i];
      if (counts[slot] === lists.length) {
        counts[slot] = 0;
        const doc = this.docOf[slot];
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
