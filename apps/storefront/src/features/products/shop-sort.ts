import type { FilteredProductsInputDto } from '../../lib/generated/shop-api';

/** The shop's orders (the `sort` of POST /api/products/filtered-products), kept in the URL as ?sort=. */
export type ShopSort = NonNullable<FilteredProductsInputDto['sort']>;

export const DEFAULT_SHOP_SORT: ShopSort = 'newest';

export const SHOP_SORT_OPTIONS: ReadonlyArray<{ value: ShopSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'top_rated', label: 'Top rated' },
];

/** The ?sort= of the URL; anything else (missing, misspelt) is the default order. */
export function parseShopSort(value: string | null | undefined): ShopSort {
  return SHOP_SORT_OPTIONS.find((o) => o.value === value)?.value ?? DEFAULT_SHOP_SORT;
}

/** The same order as GET /api/products takes it (`field` or `-field`; none: newest first). */
const LIST_SORT: Readonly<Record<ShopSort, string | undefined>> = {
  newest: undefined,
  price_asc: 'price',
  price_desc: '-price',
  top_rated: '-rating',
};

export function listSort(sort: ShopSort): string | undefined {
  return LIST_SORT[sort];
}

/** The params with the order set (the default is left out of the URL) and the page back to the first. */
export function withSort(params: URLSearchParams, sort: ShopSort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort === DEFAULT_SHOP_SORT) next.delete('sort');
  else next.set('sort', sort);
  next.delete('page');
  return next;
}

/** How many filters are on: each checked category, and the price range. The search text is not a filter here. */
export function activeFilterCount(checked: readonly string[], radio: string): number {
  return checked.length + (radio === '' ? 0 : 1);
}
