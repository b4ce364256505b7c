import type { SearchArgs, SearchSort } from '../../lib/models';

/**
 * The price filter of the shop: one range at a time, kept in the URL as its index (?price=2). `value` is the
 * range's facet value in GET /api/search's answer; min and max (dollars, max open for the last) are sent as
 * minPrice and maxPrice.
 */
export const PRICE_RANGES: ReadonlyArray<{ label: string; value: string; min: number; max?: number }> = [
  { label: '$0 to $25', value: '0-25', min: 0, max: 25 },
  { label: '$25 to $50', value: '25-50', min: 25, max: 50 },
  { label: '$50 to $100', value: '50-100', min: 50, max: 100 },
  { label: '$100 to $200', value: '100-200', min: 100, max: 200 },
  { label: '$200 and more', value: '200-', min: 200 },
];

export const SHOP_PAGE_SIZE = 12;

export function pageCount(total: number, pageSize = SHOP_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The loading skeleton: 6 cards. */
export const SKELETON_CARDS = 6;

const OBJECT_ID = /^[0-9a-f]{24}$/i;
/** Longer values than this in the URL are not a brand, size or colour of the shop: ignored. */
const MAX_VALUE_LENGTH = 80;
/** At most this many values of one facet are read from the URL. */
const MAX_VALUES = 50;

/** The facets whose values are ticked as a list (any of them matches). */
export const LIST_FACETS = ['category', 'brand', 'size', 'colour'] as const;
export type ListFacet = (typeof LIST_FACETS)[number];

/** What the shop's filters are set to. */
export interface ShopFilters {
  /** Ticked category ids. */
  category: string[];
  brand: string[];
  size: string[];
  colour: string[];
  /** The index of the price range in PRICE_RANGES, '' for any price. */
  price: string;
  inStock: boolean;
}

export const NO_FILTERS: ShopFilters = { category: [], brand: [], size: [], colour: [], price: '', inStock: false };

/** A facet's values in the URL: repeated (size=40&size=41) or comma-separated (size=40,41), trimmed, each once. */
function listOf(params: URLSearchParams, name: string, valid: (value: string) => boolean): string[] {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '' && v.length <= MAX_VALUE_LENGTH && valid(v));
  return [...new Set(values)].slice(0, MAX_VALUES);
}

/**
 * The filters in the shop's address: ?category=<id>,<id>&brand=..&size=..&colour=..&price=<index of
 * PRICE_RANGES>&inStock=1. A category route (/shop/category/:id) ticks its category unless ?category says
 * otherwise (?category= unticks it). Anything malformed is ignored.
 */
export function filtersOf(params: URLSearchParams, routeCategory?: string): ShopFilters {
  const category = params.has('category') ? listOf(params, 'category', (id) => OBJECT_ID.test(id)) : routeCategory ? [routeCategory] : [];
  const any = () => true;
  const price = params.get('price') ?? '';
  const inStock = params.get('inStock');
  return {
    category,
    brand: listOf(params, 'brand', any),
    size: listOf(params, 'size', any),
    colour: listOf(params, 'colour', any),
    price: /^\d+$/.test(price) && Number(price) < PRICE_RANGES.length ? String(Number(price)) : '',
    inStock: inStock === '1' || inStock === 'true',
  };
}

/** The address for these filters, from the current one (search and sort stay; the page goes back to the first). */
export function withFilters(params: URLSearchParams, filters: ShopFilters, routeCategory?: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const asRoute = routeCategory ? filters.category.length === 1 && filters.category[0] === routeCategory : filters.category.length === 0;
  if (asRoute) next.delete('category');
  else next.set('category', filters.category.join(','));
  for (const facet of ['brand', 'size', 'colour'] as const) {
    if (filters[facet].length === 0) next.delete(facet);
    else next.set(facet, filters[facet].join(','));
  }
  if (filters.price === '') next.delete('price');
  else next.set('price', filters.price);
  if (filters.inStock) next.set('inStock', '1');
  else next.delete('inStock');
  next.delete('page');
  return next;
}

/** The filters with one value of a list facet ticked, or unticked when it was. */
export function toggleValue(filters: ShopFilters, facet: ListFacet, value: string): ShopFilters {
  const current = filters[facet];
  return { ...filters, [facet]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] };
}

/** How many filters are on: each ticked value, the price range and in-stock. The search text is not a filter here. */
export function activeFilterCount(filters: ShopFilters): number {
  return LIST_FACETS.reduce((n, facet) => n + filters[facet].length, 0) + (filters.price === '' ? 0 : 1) + (filters.inStock ? 1 : 0);
}

/** The address for a new search, from the current one: it starts again at the first page; the order and filters stay. */
export function withSearch(params: URLSearchParams, text: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (text.trim()) next.set('search', text.trim());
  else next.delete('search');
  return next;
}

/** What the shop asks GET /api/search for: the search text, the filters, the order and the page. */
export function searchArgsOf({
  search,
  filters,
  sort,
  page,
  pageSize = SHOP_PAGE_SIZE,
}: {
  search: string;
  filters: ShopFilters;
  sort: SearchSort;
  page: number;
  pageSize?: number;
}): SearchArgs {
  const args: SearchArgs = {};
  const q = search.trim();
  if (q) args.q = q;
  for (const facet of LIST_FACETS) if (filters[facet].length > 0) args[facet] = [...filters[facet]];
  const range = filters.price === '' ? undefined : PRICE_RANGES[Number(filters.price)];
  if (range) {
    args.minPrice = range.min;
    if (range.max !== undefined) args.maxPrice = range.max;
  }
  if (filters.inStock) args.inStock = true;
  args.sort = sort;
  args.page = page;
  args.pageSize = pageSize;
  return args;
}

/** The query string of GET /api/search for these arguments (a facet's values repeated: size=40&size=41). */
export function searchQueryString(args: SearchArgs): string {
  const params = new URLSearchParams();
  if (args.q) params.set('q', args.q);
  for (const facet of LIST_FACETS) for (const value of args[facet] ?? []) params.append(facet, value);
  if (args.minPrice !== undefined) params.set('minPrice', String(args.minPrice));
  if (args.maxPrice !== undefined) params.set('maxPrice', String(args.maxPrice));
  if (args.inStock) params.set('inStock', 'true');
  if (args.sort) params.set('sort', args.sort);
  if (args.page !== undefined) params.set('page', String(args.page));
  if (args.pageSize !== undefined) params.set('pageSize', String(args.pageSize));
  return params.toString();
}
