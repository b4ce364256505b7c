import type { SearchSort } from '../../lib/models';

/** The shop's orders (the `sort` of GET /api/search), kept in the URL as ?sort=. */
export type ShopSort = SearchSort;

export const SHOP_SORT_OPTIONS: ReadonlyArray<{ value: ShopSort; label: string; needsQuery?: true }> = [
  { value: 'relevance', label: 'Relevance', needsQuery: true },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'top_rated', label: 'Top rated' },
];

/** The order when the URL names none: by relevance when there is a search text, else newest first. */
export function defaultShopSort(hasQuery: boolean): ShopSort {
  return hasQuery ? 'relevance' : 'newest';
}

/** The orders offered: Relevance only when there is a search text. */
export function shopSortOptions(hasQuery: boolean): ReadonlyArray<{ value: ShopSort; label: string }> {
  return SHOP_SORT_OPTIONS.filter((o) => hasQuery || !o.needsQuery);
}

/** The ?sort= of the URL; anything else (missing, misspelt, Relevance with no search text) is the default order. */
export function parseShopSort(value: string | null | undefined, hasQuery: boolean): ShopSort {
  return shopSortOptions(hasQuery).find((o) => o.value === value)?.value ?? defaultShopSort(hasQuery);
}

/** The params with the order set (the default order is left out of the URL) and the page back to the first. */
export function withSort(params: URLSearchParams, sort: ShopSort, hasQuery: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort === defaultShopSort(hasQuery)) next.delete('sort');
  else next.set('sort', sort);
  next.delete('page');
  return next;
}
