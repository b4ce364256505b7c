import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { ProductRecord, ProductStatus } from '@shop/database';
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

/** The text fields of a product and their weights: the name first, then brand, category, colours and sizes, then the rest. */
const FIELDS = ['name', 'brand', 'category', 'colours', 'sizes', 'details', 'description'] as const;
const BOOST: Record<(typeof FIELDS)[number], number> = { name: 4, brand: 2.5, category: 2, colours: 2, sizes: 1.5, details: 1, description: 1 };
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
function optionsOf(record: SearchRecord): Option[] {
  if (record.variants && record.variants.length > 0) return record.variants.map((v) => ({ size: v.size || undefined, colour: v.colour || undefined, stock: v.countInStock }));
  const colours = coloursOf(record);
  return colours.length > 0 ? colours.map((colour) => ({ colour, stock: record.countInStock })) : [{ stock: record.countInStock }];
}

function toDocument(record: SearchRecord): IndexedDocument {
  const options = optionsOf(record);
  const specs = Object.values(record.specifications ?? {});
  return {
    id: record._id.toHexString(),
    name: record.name,
    brand: record.brand ?? '',
    category: record.category?.name ?? '',
    colours: [...new Set(options.map((o) => o.colour).filter(Boolean))].join(' '),
    sizes: [...new Set(options.map((o) => o.size).filter(Boolean))].join(' '),
    details: specs.join(' '),
    description: record.description ?? '',
  };
}

interface Entry {
  record: SearchRecord;
  options: Option[];
  categoryId: string;
  /** Most popular first: rating weighted by how many reviewed it. */
  popularity: number;
}

const COMPARE: Record<Exclude<SearchSort, 'relevance'>, (a: Entry, b: Entry) => number> = {
  newest: (a, b) => +b.record.createdAt - +a.record.createdAt || idOrder(b, a),
  price_asc: (a, b) => a.record.priceCents - b.record.priceCents || idOrder(a, b),
  price_desc: (a, b) => b.record.priceCents - a.record.priceCents || idOrder(b, a),
  top_rated: (a, b) => (b.record.rating ?? 0) - (a.record.rating ?? 0) || idOrder(b, a),
};
function idOrder(a: Entry, b: Entry): number {
  const x = a.record._id.toHexString();
  const y = b.record._id.toHexString();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The catalogue's search index, in process: MiniSearch (BM25 with prefix and fuzzy matching) over each product's
 * text, and the products themselves for filters, facets and answers. Every word of a query must match, in any
 * order; the last word also matches as a prefix while typing; a word of 4 letters may carry one typo, of 8 two.
 * Synonym groups widen a word to its group. All of it is memory and CPU: no query reaches the database.
 */
export class SearchCatalogue {
  private readonly entries = new Map<string, Entry>();
  private index = SearchCatalogue.emptyIndex();
  private synonyms = new Map<string, string[]>();
  private popularCache: SearchRecord[] | undefined;

  private static emptyIndex(): MiniSearch<IndexedDocument> {
    return new MiniSearch<IndexedDocument>({
      fields: [...FIELDS],
      storeFields: [],
      tokenize: (text) => words(text),
      processTerm: (term) => indexTerms(term),
      searchOptions: { processTerm: (term) => queryTerms(term)[0] ?? null },
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Replaces everything with these products. */
  rebuild(records: SearchRecord[]): void {
    this.entries.clear();
    this.index = SearchCatalogue.emptyIndex();
    for (const record of records) this.add(record);
    this.popularCache = undefined;
  }

  /** Adds a product, or replaces what the index holds for it. */
  upsert(record: SearchRecord): void {
    const id = record._id.toHexString();
    if (this.entries.has(id)) this.index.discard(id);
    this.add(record);
    this.popularCache = undefined;
  }

  remove(id: string): void {
    if (!this.entries.delete(id)) return;
    this.index.discard(id);
    this.popularCache = undefined;
  }

  /** The stored product's last change, to skip re-indexing what is already current. */
  updatedAt(id: string): Date | undefined {
    return this.entries.get(id)?.record.updatedAt;
  }

  /** Products of a renamed category get the new name (and are found by it). */
  renameCategory(categoryId: string, name: string): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.categoryId === categoryId && entry.record.category && entry.record.category.name !== name) this.upsert({ ...entry.record, category: { ...entry.record.category, name } });
    }
  }

  private add(record: SearchRecord): void {
    const id = record._id.toHexString();
    this.entries.set(id, {
      record,
      options: optionsOf(record),
      categoryId: record.category?._id.toHexString() ?? '',
      popularity: (record.rating ?? 0) * Math.log2(2 + (record.numReviews ?? 0)),
    });
    this.index.add(toDocument(record));
  }

  /** Synonym groups: a query word in a group also finds the group's other words. */
  setSynonyms(groups: readonly (readonly string[])[]): void {
    const map = new Map<string, string[]>();
    for (const group of normaliseSynonymGroups(groups)) {
      for (const term of group) map.set(term, [...new Set([...(map.get(term) ?? []), ...group])]);
    }
    this.synonyms = map;
  }

  /** The query as MiniSearch reads it: every word must match; a word with synonyms matches any of its group. */
  private query(terms: string[]): Query {
    return {
      combineWith: 'AND',
      queries: terms.map((term) => {
        const group = this.synonyms.get(term);
        return group ? { combineWith: 'OR', queries: group } : term;
      }),
    };
  }

  /** Scores of the products whose text matches every word of the query. */
  private match(q: string, edits: (term: string) => number = typosAllowed): Map<string, number> {
    const terms = queryTerms(q);
    const typed = new Set(terms);
    const last = terms[terms.length - 1];
    const results: SearchResult[] = this.index.search(this.query(terms), {
      boost: BOOST,
      prefix: (term) => term === last && term.length >= 2,
      fuzzy: (term) => edits(term),
      maxFuzzy: 3,
      boostTerm: (term) => (typed.has(term) ? 1 : SYNONYM_WEIGHT),
      // One processed term per word: the query's terms are already in the index's spelling.
      processTerm: (term) => term,
      tokenize: (text) => [text],
    });
    return new Map(results.map((r) => [String(r.id), r.score]));
  }

  /** Ids of the products matching the text, best first, of any status (lists that filter further themselves). */
  matchingIds(q: string): string[] {
    const createdAt = (id: string) => +(this.entries.get(id)?.record.createdAt ?? 0);
    // Equal scores: the newest first, as the lists order without a search.
    return [...this.match(q)].sort((a, b) => b[1] - a[1] || createdAt(b[0]) - createdAt(a[0])).map(([id]) => id);
  }

  /** Products, facets and a suggestion for a query and its filters (answers sorted and cut by `page`). */
  search(filters: SearchFilters, sort: SearchSort, skip: number, limit: number): SearchAnswer {
    const text = filters.q?.trim() ?? '';
    const scores = text ? this.match(text) : undefined;
    const statuses = filters.statuses ? new Set<string>(filters.statuses) : undefined;
    const candidates: Entry[] = [];
    if (scores) {
      for (const id of scores.keys()) {
        const entry = this.entries.get(id);
        if (entry && (!statuses || statuses.has(entry.record.status))) candidates.push(entry);
      }
    } else {
      for (const entry of this.entries.values()) if (!statuses || statuses.has(entry.record.status)) candidates.push(entry);
    }
    const { matches, facets } = facetAndFilter(candidates, filters);
    if (sort === 'relevance' && scores) matches.sort((a, b) => (scores.get(b.record._id.toHexString()) ?? 0) - (scores.get(a.record._id.toHexString()) ?? 0) || b.popularity - a.popularity || idOrder(b, a));
    else matches.sort(COMPARE[sort === 'relevance' ? 'newest' : sort]);
    return {
      records: matches.slice(skip, skip + limit).map((e) => e.record),
      total: matches.length,
      facets,
      suggestion: text && matches.length === 0 ? this.suggest(text, statuses) : null,
    };
  }

  /**
   * "Did you mean": each word that matches nothing swapped for the closest word of the catalogue (one edit more
   * than the search forgives), kept only if the corrected query finds products that may be shown.
   */
  suggest(q: string, statuses?: ReadonlySet<string>): string | null {
    const terms = queryTerms(q);
    if (terms.length === 0) return null;
    const corrected = terms.map((term) => {
      if (this.index.search(term, { prefix: false, fuzzy: (t) => typosAllowed(t), processTerm: (t) => t, tokenize: (t) => [t] }).length > 0) return term;
      const candidates = this.index.autoSuggest(term, { prefix: false, fuzzy: (t) => suggestionEdits(t), maxFuzzy: 3, processTerm: (t) => t, tokenize: (t) => [t] });
      return candidates[0]?.terms[0] ?? term;
    });
    const suggestion = corrected.join(' ');
    if (suggestion === terms.join(' ')) return null;
    const found = [...this.match(suggestion).keys()].some((id) => {
      const entry = this.entries.get(id);
      return entry !== undefined && (!statuses || statuses.has(entry.record.status));
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

/** What a filter asks of a product's options (size, colour, stock): one option must satisfy all three. */
function optionMatches(option: Option, sizes: Set<string> | undefined, colours: Set<string> | undefined, inStock: boolean): boolean {
  if (sizes && (!option.size || !sizes.has(option.size))) return false;
  if (colours && (!option.colour || !colours.has(option.colour))) return false;
  return !inStock || option.stock > 0;
}

function setOf(values: string[] | undefined): Set<string> | undefined {
  return values && values.length > 0 ? new Set(values) : undefined;
}

/**
 * The products passing every filter, and the facet counts. A facet's counts take every filter but its own
 * (choosing another size widens, so the sizes are counted without the size filter), and a count is the number of
 * products the shopper gets by adding that value.
 */
function facetAndFilter(candidates: Entry[], filters: SearchFilters): { matches: Entry[]; facets: SearchFacets } {
  const categories = setOf(filters.categories);
  const brands = setOf(filters.brands);
  const sizes = setOf(filters.sizes);
  const colours = setOf(filters.colours);
  const inStock = filters.inStock === true;
  const min = filters.minPriceCents;
  const max = filters.maxPriceCents;

  const counts = { category: new Map<string, number>(), brand: new Map<string, number>(), size: new Map<string, number>(), colour: new Map<string, number>(), price: new Map<string, number>(), inStock: 0 };
  const labels = new Map<string, string>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const matches: Entry[] = [];

  for (const entry of candidates) {
    const r = entry.record;
    const categoryOk = !categories || categories.has(entry.categoryId);
    const brandOk = !brands || brands.has(r.brand);
    const priceOk = (min === undefined || r.priceCents >= min) && (max === undefined || r.priceCents <= max);
    const optionOk = entry.options.some((o) => optionMatches(o, sizes, colours, inStock));
    if (categoryOk && brandOk && priceOk && optionOk) matches.push(entry);

    if (brandOk && priceOk && optionOk && entry.categoryId) {
      bump(counts.category, entry.categoryId);
      labels.set(entry.categoryId, r.category?.name ?? '');
    }
    if (categoryOk && priceOk && optionOk && r.brand) bump(counts.brand, r.brand);
    if (categoryOk && brandOk && optionOk) {
      const dollars = r.priceCents / 100;
      for (const bucket of PRICE_BUCKETS) if (dollars >= bucket.min && (bucket.max === undefined || dollars <= bucket.max)) bump(counts.price, bucket.value);
    }
    if (categoryOk && brandOk && priceOk) {
      const seenSizes = new Set<string>();
      const seenColours = new Set<string>();
      let stocked = false;
      for (const o of entry.options) {
        if (o.size && optionMatches({ ...o, size: undefined }, undefined, colours, inStock)) seenSizes.add(o.size);
        if (o.colour && optionMatches({ ...o, colour: undefined }, sizes, undefined, inStock)) seenColours.add(o.colour);
        if (!stocked && optionMatches(o, sizes, colours, true)) stocked = true;
      }
      for (const s of seenSizes) bump(counts.size, s);
      for (const c of seenColours) bump(counts.colour, c);
      if (stocked) counts.inStock += 1;
    }
  }

  const list = (map: Map<string, number>, selected: Set<string> | undefined, label: (v: string) => string = (v) => v): FacetCount[] => {
    const values = new Set([...map.keys(), ...(selected ?? [])]);
    return [...values].map((value) => ({ value, label: label(value), count: map.get(value) ?? 0 }));
  };
  const priceSelected = PRICE_BUCKETS.filter((b) => min === b.min * 100 && (b.max === undefined ? max === undefined : max === b.max * 100)).map((b) => b.value);
  return {
    matches,
    facets: {
      category: list(counts.category, categories, (v) => labels.get(v) ?? v).sort(byLabel),
      brand: list(counts.brand, brands).sort(byLabel),
      size: list(counts.size, sizes).sort((a, b) => compareSizes(a.value, b.value)),
      colour: list(counts.colour, colours).sort(byLabel),
      price: PRICE_BUCKETS.map((b) => ({ value: b.value, label: b.label, count: counts.price.get(b.value) ?? 0 })).filter((f) => f.count > 0 || priceSelected.includes(f.value)),
      inStock: counts.inStock > 0 || inStock ? [{ value: 'true', label: 'In stock', count: counts.inStock }] : [],
    },
  };
}
