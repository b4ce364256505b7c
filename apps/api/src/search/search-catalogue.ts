import type { ProductRecord, ProductStatus } from '@shop/database';
import { grown, SearchPostings, type QueryWord } from './search-postings';
import { indexTerms, normaliseSynonymGroups, queryTerms, suggestionEdits, typosAllowed, words } from './search-text';

/** A product as the search keeps it: what a list answer shows (no reviews). */
export type SearchRecord = Omit<ProductRecord, 'reviews'>;

export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'top_rated';
export const SEARCH_SORTS: readonly SearchSort[] = ['relevance', 'newest', 'price_asc', 'price_desc', 'top_rated'];

/** The shop's price ranges (dollars), both ends included: a product on a boundary is in both ranges. */
export const PRICE_BUCKETS: ReadonlyArray<{ value: string; label: string; min: number; max?: number }> = [
  { value: '0-25', label: '$0 to $25', min: 0, max: 25 },
  { value: '25-50', label: '$25 to $50', min: 25, max: 50 },
  { value: '50-100', label: '$50 to $100', min: 50, max: 100 },
  { value: '100-200', label: '$100 to $200', min: 100, max: 200 },
  { value: '200-', label: '$200 and more', min: 200 },
];

export interface SearchFilters {
  /** Search text; empty for all products. */
  q?: string;
  categories?: string[];
  brands?: string[];
  sizes?: string[];
  colours?: string[];
  minPriceCents?: number;
  maxPriceCents?: number;
  inStock?: boolean;
  /** Which statuses may match (the shop: published only). */
  statuses?: readonly ProductStatus[];
}

export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

export interface SearchFacets {
  category: FacetCount[];
  brand: FacetCount[];
  size: FacetCount[];
  colour: FacetCount[];
  price: FacetCount[];
  inStock: FacetCount[];
}

export interface SearchAnswer {
  records: SearchRecord[];
  total: number;
  facets: SearchFacets;
  /** A corrected query that finds products, when this one found none. */
  suggestion: string | null;
}

/**
 * The text of a product in three weights: the name first, then what it is (brand, category, colours, sizes), then
 * what it says (specifications and description). Three fields rather than seven: a search scores each field a
 * word is found in, so fewer fields cost less at 50,000 products for the same order.
 */
const FIELDS = ['name', 'attributes', 'text'] as const;
const BOOST: Record<(typeof FIELDS)[number], number> = { name: 4, attributes: 2, text: 1 };
const BOOSTS = FIELDS.map((f) => BOOST[f]);
/** A synonym counts for less than the word the shopper typed. */
const SYNONYM_WEIGHT = 0.6;

type IndexedDocument = Record<(typeof FIELDS)[number], string> & { id: string };

/** Sizes in the order a shopper reads them: letters from XXS up, then numbers, then the rest by name. */
const LETTER_SIZES = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'];
function compareSizes(a: string, b: string): number {
  const la = LETTER_SIZES.indexOf(a.toLowerCase());
  const lb = LETTER_SIZES.indexOf(b.toLowerCase());
  if (la >= 0 || lb >= 0) return la < 0 ? 1 : lb < 0 ? -1 : la - lb;
  const na = Number.parseFloat(a);
  const nb = Number.parseFloat(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb) && na !== nb) return na - nb;
  return a.localeCompare(b);
}

const byLabel = (a: FacetCount, b: FacetCount): number => a.label.localeCompare(b.label);

/** The colours a product without variants names in its specifications ("Colours: Red, Grey"). */
function coloursOf(record: SearchRecord): string[] {
  const spec = record.specifications ?? {};
  const text = spec.Colours ?? spec.Colour ?? spec.Colors ?? spec.Color ?? '';
  return text
    .split(/\s*(?:,|\/|&|\band\b)\s*/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The options a product offers: each variant's size, colour and stock; a product without variants is one option. */
interface Option {
  size?: string;
  colour?: string;
  stock: number;
}

/** Facet values numbered once, so that counting is array arithmetic rather than string lookups. */
class Dictionary {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }

  /** A mask of the chosen values (unknown ones choose nothing); undefined when none is chosen. */
  mask(chosen: string[] | undefined): Uint8Array | undefined {
    if (!chosen || chosen.length === 0) return undefined;
    const mask = new Uint8Array(this.values.length);
    for (const value of chosen) {
      const id = this.ids.get(value);
      if (id !== undefined) mask[id] = 1;
    }
    return mask;
  }
}

interface Dictionaries {
  category: Dictionary;
  brand: Dictionary;
  size: Dictionary;
  colour: Dictionary;
  status: Dictionary;
  /** The latest name of each category, by its number. */
  categoryNames: string[];
}

function optionsOf(record: SearchRecord): Option[] {
  if (record.variants && record.variants.length > 0)
    return record.variants.map((v) => ({ size: v.size || undefined, colour: v.colour || undefined, stock: v.countInStock }));
  const colours = coloursOf(record);
  return colours.length > 0 ? colours.map((colour) => ({ colour, stock: record.countInStock })) : [{ stock: record.countInStock }];
}

function toDocument(record: SearchRecord): IndexedDocument {
  const options = optionsOf(record);
  const specs = Object.values(record.specifications ?? {});
  return {
    id: record._id.toHexString(),
    name: record.name,
    attributes: [
      record.brand ?? '',
      record.category?.name ?? '',
      ...new Set(options.map((o) => o.colour ?? '')),
      ...new Set(options.map((o) => o.size ?? '')),
    ].join(' '),
    text: `${specs.join(' ')} ${record.description ?? ''}`,
  };
}

/**
 * A search's answer as kept: every match, of which the first `ordered` are in the asked order (a broad search
 * orders only what its pages need: the rest is never looked at unless a later page asks, which searches again).
 */
interface Answer {
  matches: Entry[];
  ordered: number;
  facets: SearchFacets;
  suggestion: string | null;
}

/** How many matches a search orders at least: the first pages, so paging on needs no second search. */
const ORDERED_AT_LEAST = 60;

/** A product with what filters, facets and orders read, computed once when it is indexed. */
interface Entry {
  id: string;
  /** The product's slot in the postings (a new one each time it is re-indexed). */
  slot: number;
  record: SearchRecord;
  /** Copied from the record: what every search reads, kept on the entry so a search touches one object per product. */
  price: number;
  status: string;
  categoryId: string;
  /** Numbers of the category (-1: none) and the brand (-1: none) in the catalogue's dictionaries. */
  category: number;
  brand: number;
  /** Some option can be bought. */
  stocked: boolean;
  created: number;
  rating: number;
  /** Most popular first: rating weighted by how many reviewed it. */
  popularity: number;
  /** This search's relevance (set while a search runs: searches are synchronous). */
  score: number;
  /** The last ordering that chose it for a first page (orderFirst). */
  chosen: number;
}

type FieldSort = Exclude<SearchSort, 'relevance'>;
const COMPARE: Record<FieldSort, (a: Entry, b: Entry) => number> = {
  newest: (a, b) => b.created - a.created || idOrder(b, a),
  price_asc: (a, b) => a.price - b.price || idOrder(a, b),
  price_desc: (a, b) => b.price - a.price || idOrder(b, a),
  top_rated: (a, b) => b.rating - a.rating || idOrder(b, a),
};
const BY_RELEVANCE = (a: Entry, b: Entry): number => b.score - a.score || b.popularity - a.popularity || idOrder(b, a);
function idOrder(a: Entry, b: Entry): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * What filters and facets read of each product, by slot, in typed arrays: a search's tally walks the matching slots
 * through contiguous memory instead of one object (and its arrays) per product. Lists (options, sizes, colours) sit
 * in one pool, each slot knowing where its own start.
 */
class Columns {
  price = new Float64Array(1024);
  category = new Int32Array(1024);
  brand = new Int32Array(1024);
  stocked = new Uint8Array(1024);
  status = new Uint8Array(1024);
  /** Per slot, where each list starts in the pool and how long it is: options (triples), sizes, colours, stocked sizes, stocked colours. */
  starts = new Int32Array(1024 * 5);
  lengths = new Int32Array(1024 * 5);
  pool = new Int32Array(4096);
  private used = 0;

  set(
    slot: number,
    e: { price: number; category: number; brand: number; stocked: boolean; status: number },
    lists: readonly (readonly number[])[],
  ): void {
    this.grow(slot + 1);
    this.price[slot] = e.price;
    this.category[slot] = e.category;
    this.brand[slot] = e.brand;
    this.stocked[slot] = e.stocked ? 1 : 0;
    this.status[slot] = e.status;
    lists.forEach((list, l) => {
      if (this.used + list.length > this.pool.length) this.pool = grown(this.pool, Math.max(this.pool.length * 2, this.used + list.length));
      this.starts[slot * 5 + l] = this.used;
      this.lengths[slot * 5 + l] = list.length;
      this.pool.set(list, this.used);
      this.used += list.length;
    });
  }

  private grow(size: number): void {
    if (size <= this.price.length) return;
    const next = Math.max(size, this.price.length * 2);
    this.price = grown(this.price, next);
    this.category = grown(this.category, next);
    this.brand = grown(this.brand, next);
    this.stocked = grown(this.stocked, next);
    this.status = grown(this.status, next);
    this.starts = grown(this.starts, next * 5);
    this.lengths = grown(this.lengths, next * 5);
  }
}
const OPTIONS = 0;
const SIZES = 1;
const COLOURS = 2;
const STOCKED_SIZES = 3;
const STOCKED_COLOURS = 4;

/**
 * The catalogue's search index, in process: MiniSearch (BM25 with prefix and fuzzy matching) over each product's
 * text, and the products themselves for filters, facets and answers. Every word of a query must match, in any
 * order; the last word also matches as a prefix while typing; a word of 4 letters may carry one typo, of 8 two.
 * Synonym groups widen a word to its group. All of it is memory and CPU: no query reaches the database.
 */
export class SearchCatalogue {
  private readonly entries = new Map<string, Entry>();
  private postings = new SearchPostings(BOOSTS);
  /** The entry of each live slot. */
  private bySlot: (Entry | undefined)[] = [];
  private columns = new Columns();
  private synonyms = new Map<string, string[]>();
  private popularCache: SearchRecord[] | undefined;
  private readonly orders = new Map<FieldSort, Entry[]>();
  private readonly dictionaries: Dictionaries = {
    category: new Dictionary(),
    brand: new Dictionary(),
    size: new Dictionary(),
    colour: new Dictionary(),
    status: new Dictionary(),
    categoryNames: [],
  };
  /** Answers (all their matches, in order, and the facets) of recent searches, until the catalogue changes. */
  private readonly answers = new Map<string, Answer>();

  /** @param cacheSize how many recent searches' answers are kept (0: none, as the benchmark measures the search itself). */
  constructor(private readonly cacheSize = 200) {}

  get size(): number {
    return this.entries.size;
  }

  /** Replaces everything with these products. */
  rebuild(records: SearchRecord[]): void {
    this.entries.clear();
    this.postings = new SearchPostings(BOOSTS);
    this.bySlot = [];
    this.columns = new Columns();
    for (const record of records) this.add(record);
    this.changed();
  }

  /** Adds a product, or replaces what the index holds for it. */
  upsert(record: SearchRecord): void {
    this.forget(record._id.toHexString());
    this.add(record);
    this.compactIfWorn();
    this.changed();
  }

  remove(id: string): void {
    if (!this.forget(id)) return;
    this.compactIfWorn();
    this.changed();
  }

  /** Drops what the index holds for a product; false when it held nothing. */
  private forget(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    this.postings.remove(entry.slot);
    this.bySlot[entry.slot] = undefined;
    return true;
  }

  /** Re-indexes the live products once a quarter of the slots are dead (replaced or removed products). */
  private compactIfWorn(): void {
    if (this.postings.dead < 1000 || this.postings.dead * 4 < this.postings.slots) return;
    const records = [...this.entries.values()].map((e) => e.record);
    this.entries.clear();
    this.postings = new SearchPostings(BOOSTS);
    this.bySlot = [];
    this.columns = new Columns();
    for (const record of records) this.add(record);
  }

  /** The stored product's last change, to skip re-indexing what is already current. */
  updatedAt(id: string): Date | undefined {
    return this.entries.get(id)?.record.updatedAt;
  }

  /** Products of a renamed category get the new name (and are found by it). */
  renameCategory(categoryId: string, name: string): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.categoryId === categoryId && entry.record.category && entry.record.category.name !== name)
        this.upsert({ ...entry.record, category: { ...entry.record.category, name } });
    }
  }

  private add(record: SearchRecord): void {
    const id = record._id.toHexString();
    const d = this.dictionaries;
    const categoryId = record.category?._id.toHexString() ?? '';
    const category = categoryId ? d.category.id(categoryId) : -1;
    if (category >= 0) d.categoryNames[category] = record.category?.name ?? '';
    const options = optionsOf(record).map((o) => ({
      size: o.size ? d.size.id(o.size) : -1,
      colour: o.colour ? d.colour.id(o.colour) : -1,
      stock: o.stock,
    }));
    const distinct = (values: number[]) => [...new Set(values.filter((v) => v >= 0))];
    const inStock = options.filter((o) => o.stock > 0);
    const entry: Entry = {
      id,
      record,
      price: record.priceCents,
      status: record.status,
      categoryId,
      category,
      brand: record.brand ? d.brand.id(record.brand) : -1,
      stocked: inStock.length > 0,
      created: +record.createdAt,
      rating: record.rating ?? 0,
      popularity: (record.rating ?? 0) * Math.log2(2 + (record.numReviews ?? 0)),
      score: Number.NaN,
      chosen: 0,
      slot: -1,
    };
    const document = toDocument(record);
    entry.slot = this.postings.add(
      FIELDS.map((field) => {
        const tokens = words(document[field]);
        // A field's length is its distinct words, as MiniSearch counts it.
        return { terms: tokens.flatMap(indexTerms), length: new Set(tokens).size };
      }),
    );
    this.bySlot[entry.slot] = entry;
    // The sizes and colours offered, and those in stock, each once: what facets count when no option filter is set.
    this.columns.set(
      entry.slot,
      { price: entry.price, category: entry.category, brand: entry.brand, stocked: entry.stocked, status: d.status.id(entry.status) },
      [
        options.flatMap((o) => [o.size, o.colour, o.stock]),
        distinct(options.map((o) => o.size)),
        distinct(options.map((o) => o.colour)),
        distinct(inStock.map((o) => o.size)),
        distinct(inStock.map((o) => o.colour)),
      ],
    );
    this.entries.set(id, entry);
  }

  /** Every product in one order, kept until the catalogue changes: browsing without text needs no sort. */
  private sorted(sort: FieldSort): Entry[] {
    let list = this.orders.get(sort);
    if (!list) {
      list = [...this.entries.values()].sort(COMPARE[sort]);
      this.orders.set(sort, list);
    }
    return list;
  }

  private changed(): void {
    this.popularCache = undefined;
    this.orders.clear();
    this.answers.clear();
  }

  /** Synonym groups: a query word in a group also finds the group's other words. */
  setSynonyms(groups: readonly (readonly string[])[]): void {
    const map = new Map<string, string[]>();
    for (const group of normaliseSynonymGroups(groups)) {
      for (const term of group) map.set(term, [...new Set([...(map.get(term) ?? []), ...group])]);
    }
    this.synonyms = map;
    this.answers.clear();
  }

  /**
   * The products whose text matches every word of the query, with their scores (unordered). A word with synonyms
   * matches any of its group (the typed word weighs 1, the others 0.6); the last word also matches as a prefix.
   */
  private match(q: string, edits: (term: string) => number, hit: (entry: Entry, score: number) => void): void {
    const terms = queryTerms(q);
    const typed = new Set(terms);
    const last = terms[terms.length - 1];
    const queryWords: QueryWord[] = terms.map((term) => ({
      terms: (this.synonyms.get(term) ?? [term]).map((spelling) => ({
        term: spelling,
        weight: typed.has(spelling) ? 1 : SYNONYM_WEIGHT,
        prefix: spelling === last && spelling.length >= 2,
        edits: Math.min(3, edits(spelling)),
      })),
    }));
    this.postings.search(queryWords, (slot, score) => {
      const entry = this.bySlot[slot];
      if (entry) hit(entry, score);
    });
  }

  /** Ids of the products matching the text, best first, of any status (lists that filter further themselves). */
  matchingIds(q: string): string[] {
    const found: Array<{ entry: Entry; score: number }> = [];
    this.match(q, typosAllowed, (entry, score) => found.push({ entry, score }));
    // Equal scores: the newest first, as the lists order without a search.
    return found.sort((a, b) => b.score - a.score || b.entry.created - a.entry.created).map((r) => r.entry.id);
  }

  /** Products, facets and a suggestion for a query and its filters (answers sorted and cut by `page`). */
  search(filters: SearchFilters, sort: SearchSort, skip: number, limit: number): SearchAnswer {
    const text = queryTerms(filters.q ?? '').join(' ');
    const key = this.cacheSize > 0 ? cacheKey(text, filters, sort) : '';
    let answer = key ? this.answers.get(key) : undefined;
    if (answer) {
      // Most recently used last: the oldest goes first when the cache is full.
      this.answers.delete(key);
    }
    // A page past what was ordered: searched again, ordered that far (scores are not kept between searches).
    if (!answer || answer.ordered < Math.min(skip + limit, answer.matches.length)) answer = this.compute(text, filters, sort, skip + limit);
    if (key) {
      this.answers.set(key, answer);
      if (this.answers.size > this.cacheSize) this.answers.delete(this.answers.keys().next().value as string);
    }
    return {
      records: answer.matches.slice(skip, skip + limit).map((e) => e.record),
      total: answer.matches.length,
      facets: answer.facets,
      suggestion: answer.suggestion,
    };
  }

  private compute(text: string, filters: SearchFilters, sort: SearchSort, needed: number): Answer {
    const statuses = filters.statuses ? new Set<string>(filters.statuses) : undefined;
    let matches: Entry[];
    let facets: SearchFacets;
    if (text) {
      // Each product the text matches goes straight into the tally: no list of candidates in between.
      const t = newTally(filters, this.dictionaries, this.columns, statuses);
      let turn = 0;
      this.match(text, typosAllowed, (entry, score) => {
        entry.score = score;
        tallyOne(t, entry, ++turn);
      });
      matches = t.matches;
      facets = facetsOf(t, filters, this.dictionaries);
    } else {
      // Already in the asked order: the matches keep it.
      ({ matches, facets } = facetAndFilter(this.sorted(sort === 'relevance' ? 'newest' : sort), filters, this.dictionaries, this.columns, statuses));
    }
    let ordered = matches.length;
    if (text) ordered = orderFirst(matches, sort === 'relevance' ? BY_RELEVANCE : COMPARE[sort], Math.max(needed, ORDERED_AT_LEAST));
    return { matches, ordered, facets, suggestion: text && matches.length === 0 ? this.suggest(text, statuses) : null };
  }

  /**
   * "Did you mean": each word that matches nothing swapped for the closest word of the catalogue (one edit more
   * than the search forgives), kept only if the corrected query finds products that may be shown.
   */
  suggest(q: string, statuses?: ReadonlySet<string>): string | null {
    const terms = queryTerms(q);
    if (terms.length === 0) return null;
    const corrected = terms.map((term) => {
      if (this.postings.knows(term, typosAllowed(term))) return term;
      return this.postings.closest(term, Math.min(3, suggestionEdits(term))) ?? term;
    });
    const suggestion = corrected.join(' ');
    if (suggestion === terms.join(' ')) return null;
    let found = false;
    this.match(suggestion, typosAllowed, (entry) => {
      if (!statuses || statuses.has(entry.record.status)) found = true;
    });
    return found ? suggestion : null;
  }

  /** The best-loved published products: what the shop offers instead of an empty page. */
  popular(limit: number): SearchRecord[] {
    this.popularCache ??= [...this.entries.values()]
      .filter((e) => e.record.status === 'published')
      .sort((a, b) => b.popularity - a.popularity || idOrder(b, a))
      .slice(0, 24)
      .map((e) => e.record);
    return this.popularCache.slice(0, limit);
  }
}

/**
 * Puts the `count` first matches in order at the front (the rest after them, unordered) and returns how many are
 * ordered. A full sort when most of them are wanted; otherwise one pass keeping the best `count` in a sorted list,
 * where most matches cost one comparison with the worst kept.
 */
let orderTurn = 0;
function orderFirst(matches: Entry[], compare: (a: Entry, b: Entry) => number, count: number): number {
  if (matches.length <= count * 4) {
    matches.sort(compare);
    return matches.length;
  }
  const best: Entry[] = [];
  for (const entry of matches) {
    if (best.length === count && compare(entry, best[count - 1]) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(entry, best[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    best.splice(lo, 0, entry);
    if (best.length > count) best.pop();
  }
  // The chosen ones to the front, in order; those they displace go where the chosen ones were.
  const chosen = ++orderTurn;
  for (const entry of best) entry.chosen = chosen;
  let back = best.length;
  for (let i = 0; i < best.length; i += 1) {
    if (matches[i].chosen === chosen) continue;
    while (matches[back].chosen !== chosen) back += 1;
    matches[back] = matches[i];
    back += 1;
  }
  for (let i = 0; i < best.length; i += 1) matches[i] = best[i];
  return best.length;
}

/** The same search, however its text and lists were spelled. */
function cacheKey(text: string, f: SearchFilters, sort: SearchSort): string {
  const list = (values?: string[]) => (values && values.length > 0 ? [...values].sort().join('\u0001') : '');
  return [
    text,
    list(f.categories),
    list(f.brands),
    list(f.sizes),
    list(f.colours),
    f.minPriceCents ?? '',
    f.maxPriceCents ?? '',
    f.inStock === true ? 1 : 0,
    list(f.statuses ? [...f.statuses] : undefined),
    sort,
  ].join('\u0002');
}

/** What one pass over the products counts; its own object so the pass compiles once and stays compiled. */
interface Tally {
  categories: Uint8Array | undefined;
  brands: Uint8Array | undefined;
  sizes: Uint8Array | undefined;
  colours: Uint8Array | undefined;
  inStock: boolean;
  /** Price bounds in cents; -1 and Infinity when open. */
  min: number;
  max: number;
  /** Price ranges in cents (max Infinity when open). */
  bucketMin: Float64Array;
  bucketMax: Float64Array;
  statuses: Uint8Array | undefined;
  columns: Columns;
  categoryCounts: Int32Array;
  brandCounts: Int32Array;
  sizeCounts: Int32Array;
  colourCounts: Int32Array;
  priceCounts: Int32Array;
  stocked: number;
  sizeStamp: Int32Array;
  colourStamp: Int32Array;
  offeredSizes: Int32Array;
  offeredColours: Int32Array;
  matches: Entry[];
}

/**
 * The products passing every filter, and the facet counts, in one pass without allocations per product. A
 * facet's counts take every filter but its own (choosing another size widens, so the sizes are counted without
 * the size filter), and a count is the number of products the shopper gets by adding that value. A product's
 * size, colour and stock must hold for one and the same option (a variant).
 */
function facetAndFilter(
  candidates: Entry[],
  filters: SearchFilters,
  d: Dictionaries,
  columns: Columns,
  statuses?: ReadonlySet<string>,
): { matches: Entry[]; facets: SearchFacets } {
  const t = newTally(filters, d, columns, statuses);
  for (let i = 0; i < candidates.length; i += 1) tallyOne(t, candidates[i], i + 1);
  return { matches: t.matches, facets: facetsOf(t, filters, d) };
}

/** An empty tally of the filters' matches and facet counts. */
function newTally(filters: SearchFilters, d: Dictionaries, columns: Columns, statuses?: ReadonlySet<string>): Tally {
  const sizeValues = d.size.values.length;
  const colourValues = d.colour.values.length;
  const t: Tally = {
    categories: d.category.mask(filters.categories),
    brands: d.brand.mask(filters.brands),
    sizes: d.size.mask(filters.sizes),
    colours: d.colour.mask(filters.colours),
    inStock: filters.inStock === true,
    min: filters.minPriceCents ?? -1,
    max: filters.maxPriceCents ?? Number.POSITIVE_INFINITY,
    bucketMin: Float64Array.from(PRICE_BUCKETS.map((b) => b.min * 100)),
    bucketMax: Float64Array.from(PRICE_BUCKETS.map((b) => (b.max === undefined ? Number.POSITIVE_INFINITY : b.max * 100))),
    statuses: statuses ? (d.status.mask([...statuses]) ?? new Uint8Array(0)) : undefined,
    columns,
    categoryCounts: new Int32Array(d.category.values.length),
    brandCounts: new Int32Array(d.brand.values.length),
    sizeCounts: new Int32Array(sizeValues),
    colourCounts: new Int32Array(colourValues),
    priceCounts: new Int32Array(PRICE_BUCKETS.length),
    stocked: 0,
    sizeStamp: new Int32Array(sizeValues),
    colourStamp: new Int32Array(colourValues),
    offeredSizes: new Int32Array(Math.max(1, sizeValues)),
    offeredColours: new Int32Array(Math.max(1, colourValues)),
    matches: [],
  };
  return t;
}

/** One product's share of the tally: `turn` stamps the sizes and colours it offers, so each counts once. */
function tallyOne(t: Tally, entry: Entry, turn: number): void {
  const c = t.columns;
  const slot = entry.slot;
  if (t.statuses !== undefined && t.statuses[c.status[slot]] !== 1) return;
  const category = c.category[slot];
  const brand = c.brand[slot];
  const categoryOk = t.categories === undefined || (category >= 0 && t.categories[category] === 1);
  const brandOk = t.brands === undefined || (brand >= 0 && t.brands[brand] === 1);
  const price = c.price[slot];
  const priceOk = price >= t.min && price <= t.max;
  const pool = c.pool;
  let optionOk = false;
  let stocked = false;
  let sizes: Int32Array;
  let colours: Int32Array;
  let sizeStart = 0;
  let colourStart = 0;
  let sizeCount = 0;
  let colourCount = 0;
  if (t.sizes === undefined && t.colours === undefined) {
    // No option filter: what the product offers was worked out when it was indexed.
    stocked = c.stocked[slot] === 1;
    optionOk = !t.inStock || stocked;
    const sizeList = slot * 5 + (t.inStock ? STOCKED_SIZES : SIZES);
    const colourList = slot * 5 + (t.inStock ? STOCKED_COLOURS : COLOURS);
    sizes = pool;
    colours = pool;
    sizeStart = c.starts[sizeList];
    sizeCount = c.lengths[sizeList];
    colourStart = c.starts[colourList];
    colourCount = c.lengths[colourList];
  } else {
    sizes = t.offeredSizes;
    colours = t.offeredColours;
    const start = c.starts[slot * 5 + OPTIONS];
    const end = start + c.lengths[slot * 5 + OPTIONS];
    for (let k = start; k < end; k += 3) {
      const size = pool[k];
      const colour = pool[k + 1];
      const stock = pool[k + 2];
      const sizeOk = t.sizes === undefined || (size >= 0 && t.sizes[size] === 1);
      const colourOk = t.colours === undefined || (colour >= 0 && t.colours[colour] === 1);
      const available = !t.inStock || stock > 0;
      if (sizeOk && colourOk) {
        if (stock > 0) stocked = true;
        if (available) optionOk = true;
      }
      if (size >= 0 && colourOk && available && t.sizeStamp[size] !== turn) {
        t.sizeStamp[size] = turn;
        sizes[sizeCount++] = size;
      }
      if (colour >= 0 && sizeOk && available && t.colourStamp[colour] !== turn) {
        t.colourStamp[colour] = turn;
        colours[colourCount++] = colour;
      }
    }
  }
  if (categoryOk && brandOk && priceOk && optionOk) t.matches.push(entry);
  if (brandOk && priceOk && optionOk && category >= 0) t.categoryCounts[category] += 1;
  if (categoryOk && priceOk && optionOk && brand >= 0) t.brandCounts[brand] += 1;
  if (categoryOk && brandOk && optionOk) {
    for (let b = 0; b < t.bucketMin.length; b += 1) if (price >= t.bucketMin[b] && price <= t.bucketMax[b]) t.priceCounts[b] += 1;
  }
  if (categoryOk && brandOk && priceOk) {
    for (let k = 0; k < sizeCount; k += 1) t.sizeCounts[sizes[sizeStart + k]] += 1;
    for (let k = 0; k < colourCount; k += 1) t.colourCounts[colours[colourStart + k]] += 1;
    if (stocked) t.stocked += 1;
  }
}

/** The values with products, and the chosen ones (so they can be unticked) even without. */
function facetList(
  dictionary: Dictionary,
  counts: Int32Array,
  chosen: string[] | undefined,
  label: (id: number, value: string) => string = (_id, v) => v,
): FacetCount[] {
  const out: FacetCount[] = [];
  const listed = new Set<string>();
  for (let id = 0; id < counts.length; id += 1) {
    if (counts[id] === 0) continue;
    const value = dictionary.values[id];
    listed.add(value);
    out.push({ value, label: label(id, value), count: counts[id] });
  }
  for (const value of chosen ?? []) if (!listed.has(value)) out.push({ value, label: value, count: 0 });
  return out;
}

function facetsOf(t: Tally, filters: SearchFilters, d: Dictionaries): SearchFacets {
  const min = filters.minPriceCents;
  const max = filters.maxPriceCents;
  const priceSelected = (b: (typeof PRICE_BUCKETS)[number]) => min === b.min * 100 && (b.max === undefined ? max === undefined : max === b.max * 100);
  return {
    category: facetList(d.category, t.categoryCounts, filters.categories, (id, v) => d.categoryNames[id] || v).sort(byLabel),
    brand: facetList(d.brand, t.brandCounts, filters.brands).sort(byLabel),
    size: facetList(d.size, t.sizeCounts, filters.sizes).sort((a, b) => compareSizes(a.value, b.value)),
    colour: facetList(d.colour, t.colourCounts, filters.colours).sort(byLabel),
    price: PRICE_BUCKETS.map((b, i) => ({ value: b.value, label: b.label, count: t.priceCounts[i] })).filter(
      (f, i) => f.count > 0 || priceSelected(PRICE_BUCKETS[i]),
    ),
    inStock: t.stocked > 0 || t.inStock ? [{ value: 'true', label: 'In stock', count: t.stocked }] : [],
  };
}
