import type { ProductSort } from '@shop/database';

/** The shop's sort orders (POST /api/products/filtered-products `sort`, and the storefront's `?sort=`). */
export const SHOP_SORTS = ['newest', 'price_asc', 'price_desc', 'top_rated'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export const SHOP_SORT_MESSAGE = `sort must be one of ${SHOP_SORTS.join(', ')}`;

/** Each shop order as a stored-field sort (ties: the repository adds _id in the same direction). */
export const SHOP_SORT_FIELDS: Readonly<Record<ShopSort, ProductSort>> = {
  newest: { field: 'createdAt', order: -1 },
  price_asc: { field: 'priceCents', order: 1 },
  price_desc: { field: 'priceCents', order: -1 },
  top_rated: { field: 'rating', order: -1 },
};
