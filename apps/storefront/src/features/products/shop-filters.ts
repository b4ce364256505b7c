/** The price filter of the shop: radio ranges sent to filtered-products as [min, max]. */
export const PRICE_RANGES: Array<{ label: string; range: [number, number] }> = [
  { label: '$0 to $25', range: [0, 25] },
  { label: '$25 to $50', range: [25, 50] },
  { label: '$50 to $100', range: [50, 100] },
  { label: '$100 to $200', range: [100, 200] },
  { label: '$200 and more', range: [200, 1_000_000] },
];

export const SHOP_PAGE_SIZE = 12;

export function pageCount(total: number, pageSize = SHOP_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The loading skeleton: 6 cards. */
export const SKELETON_CARDS = 6;

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** What the shop's filters are set to: the ticked category ids and the price range's index ('' for any price). */
export interface ShopFilters {
  checked: string[];
  radio: string;
}

/**
 * The filters in the shop's address: ?category=<id>,<id> and ?price=<index of PRICE_RANGES>. A category route
 * (/shop/category/:id) ticks its category unless ?category says otherwise (?category= unticks it). Anything
 * malformed is ignored.
 */
export function filtersOf(params: URLSearchParams, routeCategory?: string): ShopFilters {
  const listed = params.get('category');
  const checked = listed !== null ? [...new Set(listed.split(',').filter((id) => OBJECT_ID.test(id)))] : routeCategory ? [routeCategory] : [];
  const price = params.get('price') ?? '';
  const radio = /^\d+$/.test(price) && Number(price) < PRICE_RANGES.length ? String(Number(price)) : '';
  return { checked, radio };
}

/** The address for these filters, from the current one (search and sort stay; the page goes back to the first). */
export function withFilters(params: URLSearchParams, filters: ShopFilters, routeCategory?: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const asRoute = routeCategory ? filters.checked.length === 1 && filters.checked[0] === routeCategory : filters.checked.length === 0;
  if (asRoute) next.delete('category');
  else next.set('category', filters.checked.join(','));
  if (filters.radio === '') next.delete('price');
  else next.set('price', filters.radio);
  next.delete('page');
  return next;
}

/** The address for a new search, from the current one: it starts again at the first page; the order and filters stay. */
export function withSearch(params: URLSearchParams, text: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (text.trim()) next.set('search', text.trim());
  else next.delete('search');
  return next;
}
