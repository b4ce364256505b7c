import type { StockLevelName } from '@shop/database';

/**
 * The one low-stock threshold of the shop: a product, or one of its sizes or colours, with this many units or
 * fewer is low on stock. The console's stock filter (GET /api/products), its stock labels and the dashboard's
 * low-stock card (GET /api/orders/stats) all use it; the console reads it from the API
 * (GET /api/products/stock-levels and the stats answer), never from a copy of its own.
 */
export const LOW_STOCK_THRESHOLD = 5;
export const STOCK_LEVELS = ['in_stock', 'low_stock', 'sold_out'] as const satisfies readonly StockLevelName[];
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** What the stock levels read of a product: its total and, with variants, each variant's units. */
export interface StockCounts {
  countInStock: number;
  variants?: readonly { countInStock: number }[];
}

/**
 * A product's stock level, the three levels splitting every product:
 * - sold out: no unit left at all (countInStock 0);
 * - low stock: some left, but the total or any one size or colour is at LOW_STOCK_THRESHOLD or below (a size with
 *   1 left, or a sold-out size of a product still in stock, needs restocking as much as a low total does);
 * - in stock: more than the threshold in total and in every variant.
 */
export function stockLevelOf(product: StockCounts, threshold = LOW_STOCK_THRESHOLD): StockLevel {
  if (product.countInStock <= 0) return 'sold_out';
  if (product.countInStock <= threshold || (product.variants ?? []).some((v) => v.countInStock <= threshold)) return 'low_stock';
  return 'in_stock';
}

/** The variants at or under the threshold, fewest units first (their order in the product otherwise). */
export function lowVariants<V extends { countInStock: number }>(variants: readonly V[], threshold = LOW_STOCK_THRESHOLD): V[] {
  return variants
    .map((v, i) => ({ v, i }))
    .filter(({ v }) => v.countInStock <= threshold)
    .sort((a, b) => a.v.countInStock - b.v.countInStock || a.i - b.i)
    .map(({ v }) => v);
}
