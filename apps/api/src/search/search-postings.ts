import SearchableMap from 'minisearch/SearchableMap';

/**
 * The scoring half of the search (decision 0030): BM25 over weighted fields, as MiniSearch scores it, on typed
 * arrays. MiniSearch answers a broad word at 50,000 products by building a result object with its match details
 * for each of the 10–20k documents it matches (25 ms of CPU); this keeps, per term and field, the documents' slots
 * and term frequencies in typed arrays, and adds scores into one reusable array. MiniSearch's own radix tree
 * (SearchableMap) still finds the terms a word expands to (prefixes while typing, typos).
 *
 * A document is a slot number. Replacing or removing one marks its slot dead; its postings stay until compaction
 * (the catalogue rebuilds when a quarter of the slots are dead).
 */

/** A term's occurrences in one field: slots and term frequencies, grown by doubling. */
interface FieldPostings {
  slots: Int32Array;
  freqs: Uint16Array;
  length: number;
}

/** BM25's parameters, MiniSearch's defaults. */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** MiniSearch's weights of a word's expansions: a prefix while typing, a typo. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** One word of a query: its spellings (the word, and its synonyms), each with its weight, whether it matches as a prefix, and the typos it forgives. */
export interface QueryWord {
  terms: ReadonlyArray<{ term: string; weight: number; prefix: boolean; edits: number }>;
}

export class SearchPostings {
  /** term → one postings list per field. */
  private readonly terms = new SearchableMap<(FieldPostings | undefined)[]>();
  private fieldLengths: Uint16Array[];
  private readonly lengthSums: number[];
  private live = 0;
  private alive = new Uint8Array(1024);
  private slotCount = 0;
  /** Scratch of a search, reused: scores summed per slot, and the stamp of the last word each slot matched. */
  private total = new Float64Array(1024);
  private word = new Float64Array(1024);
  private seen = new Int32Array(1024);
  private matched = new Int32Array(1024);
  private matchedCount = 0;
  private candidates = new Int32Array(1024);
  private stamp = 0;

  constructor(private readonly boosts: readonly number[]) {
    this.fieldLengths = boosts.map(() => new Uint16Array(1024));
    this.lengthSums = boosts.map(() => 0);
  }

  get slots(): number {
    return this.slotCount;
  }

  get dead(): number {
    return this.slotCount - this.live;
  }

  /** Indexes a document's fields (each already split into its terms, and its length in distinct words); returns its slot. */
  add(fields: ReadonlyArray<{ terms: readonly string[]; length: number }>): number {
    const slot = this.slotCount++;
    this.grow(slot + 1);
    this.alive[slot] = 1;
    this.live += 1;
    fields.forEach((field, f) => {
      const length = Math.min(field.length, 65_535);
      this.fieldLengths[f][slot] = length;
      this.lengthSums[f] += length;
      const counts = new Map<string, number>();
      for (const term of field.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, count] of counts) {
        let perField = this.terms.get(term);
        if (!perField) {
          perField = [];
          this.terms.set(term, perField);
        }
        const postings = (perField[f] ??= { slots: new Int32Array(4), freqs: new Uint16Array(4), length: 0 });
        if (postings.length === postings.slots.length) {
          postings.slots = grown(postings.slots, postings.length * 2);
          postings.freqs = grown(postings.freqs, postings.length * 2);
        }
        postings.slots[postings.length] = slot;
        postings.freqs[postings.length] = Math.min(count, 65_535);
        postings.length += 1;
      }
    });
    return slot;
  }

  /** The slot no longer answers (its postings are skipped until compaction). */
  remove(slot: number): void {
    if (slot >= this.slotCount || !this.alive[slot]) return;
    this.alive[slot] = 0;
    this.live -= 1;
    this.fieldLengths.forEach((lengths, f) => {
      this.lengthSums[f] -= lengths[slot];
    });
  }

  /**
   * The live slots matching every word, with their scores: calls `hit(slot, score)` once per match. Each word adds
   * the best-weighted sum of its spellings' BM25 scores over the fields, as MiniSearch combines them.
   */
  search(words: readonly QueryWord[], hit: (slot: number, score: number) => void): void {
    if (words.length === 0 || this.live === 0) return;
    const averages = this.lengthSums.map((sum) => Math.max(sum / this.live, 1));
    // The slots matching every word so far, in a reused array (no allocation per match).
    const candidates = this.candidates;
    let count = 0;
    for (let w = 0; w < words.length; w += 1) {
      const stamp = ++this.stamp;
      this.matchedCount = 0;
      for (const [perField, weight] of this.expansions(words[w])) this.score(perField, weight, averages, stamp);
      if (w === 0) {
        const matched = this.matched;
        count = this.matchedCount;
        for (let i = 0; i < count; i += 1) {
          const slot = matched[i];
          candidates[i] = slot;
          this.total[slot] = this.word[slot];
        }
      } else {
        let kept = 0;
        for (let i = 0; i < count; i += 1) {
          const slot = candidates[i];
          if (this.seen[slot] !== stamp) continue;
          this.total[slot] += this.word[slot];
          candidates[kept++] = slot;
        }
        count = kept;
      }
      if (count === 0) return;
    }
    for (let i = 0; i < count; i += 1) hit(candidates[i], this.total[candidates[i]]);
  }

  /** A word's postings and weights: its spellings exactly, then as prefixes (the last word), then with typos. */
  private expansions(word: QueryWord): Array<[(FieldPostings | undefined)[], number]> {
    const found = new Map<string, [(FieldPostings | undefined)[], number]>();
    const offer = (term: string, perField: (FieldPostings | undefined)[], weight: number) => {
      const known = found.get(term);
      // A term reached twice (exact and fuzzy, or by two synonyms) counts once, at its best weight.
      if (!known || known[1] < weight) found.set(term, [perField, weight]);
    };
    for (const { term, weight, prefix, edits } of word.terms) {
      const exact = this.terms.get(term);
      if (exact) offer(term, exact, weight);
      if (prefix) {
        for (const [other, perField] of this.terms.atPrefix(term)) {
          const distance = other.length - term.length;
          if (distance > 0) offer(other, perField, weight * ((PREFIX_WEIGHT * other.length) / (other.length + 0.3 * distance)));
        }
      }
      if (edits > 0) {
        for (const [other, [perField, distance]] of this.terms.fuzzyGet(term, edits)) {
          if (distance > 0) offer(other, perField, weight * ((FUZZY_WEIGHT * other.length) / (other.length + distance)));
        }
      }
    }
    return [...found.values()];
  }

  /** Adds one term's BM25 scores (all fields) into the word's scratch, noting each slot the word matches once. */
  private score(perField: (FieldPostings | undefined)[], weight: number, averages: number[], stamp: number): void {
    const { alive, seen, word, matched } = this;
    for (let f = 0; f < perField.length; f += 1) {
      const postings = perField[f];
      if (!postings || postings.length === 0) continue;
      const idf = Math.log(1 + (this.live - postings.length + 0.5) / (postings.length + 0.5));
      const factor = weight * this.boosts[f] * idf;
      const lengths = this.fieldLengths[f];
      const average = averages[f];
      const { slots, freqs } = postings;
      for (let i = 0; i < postings.length; i += 1) {
        const slot = slots[i];
        if (alive[slot] === 0) continue;
        const tf = freqs[i];
        const s = factor * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * lengths[slot]) / average)));
        if (seen[slot] !== stamp) {
          seen[slot] = stamp;
          word[slot] = s;
          matched[this.matchedCount++] = slot;
        } else word[slot] += s;
      }
    }
  }

  /** Whether the word, or a spelling of it within `edits` typos, is in the catalogue. */
  knows(term: string, edits: number): boolean {
    if (this.terms.has(term)) return true;
    return edits > 0 && this.terms.fuzzyGet(term, edits).size > 0;
  }

  /**
   * The catalogue's word closest to `term` within `edits` typos: the fewest typos, a swap of two letters counting as
   * one ("scraf" → "scarf"), then the most used word; undefined if none.
   */
  closest(term: string, edits: number): string | undefined {
    const letters = [...term].sort().join('');
    let best: { term: string; distance: number; uses: number } | undefined;
    for (const [other, [perField, levenshtein]] of this.terms.fuzzyGet(term, edits)) {
      const distance = levenshtein === 2 && other.length === term.length && [...other].sort().join('') === letters ? 1 : levenshtein;
      const uses = perField.reduce((n, p) => n + (p?.length ?? 0), 0);
      if (!best || distance < best.distance || (distance === best.distance && (uses > best.uses || (uses === best.uses && other < best.term))))
        best = { term: other, distance, uses };
    }
    return best?.term;
  }

  private grow(size: number): void {
    if (size <= this.alive.length) return;
    const next = Math.max(size, this.alive.length * 2);
    this.alive = grown(this.alive, next);
    this.total = grown(this.total, next);
    this.word = grown(this.word, next);
    this.seen = grown(this.seen, next);
    this.matched = grown(this.matched, next);
    this.candidates = grown(this.candidates, next);
    this.fieldLengths = this.fieldLengths.map((lengths) => grown(lengths, next));
  }
}

/** A copy of a typed array in a longer one. */
export function grown<T extends Int32Array | Uint16Array | Uint8Array | Float64Array>(array: T, size: number): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  return next;
}
