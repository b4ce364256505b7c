/**
 * Stock levels, by countInStock (with variants, the sum of theirs): sold out is 0 units, low stock 1 to
 * LOW_STOCK_THRESHOLD units, in stock more than that. The console's stock filter (GET /api/products) and the
 * dashboard's low-stock list (GET /api/orders/stats) share the threshold.
 */
export const LOW_STOCK_THRESHOLD = 5;
export const STOCK_LEVELS = ['in_stock', 'low_stock', 'sold_out'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** The countInStock range of each stock level. */
export const STOCK_RANGES: Readonly<Record<StockLevel, { min?: number; max?: number }>> = {
  sold_out: { max: 0 },
  low_stock: { min: 1, max: LOW_STOCK_THRESHOLD },
  in_stock: { min: LOW_STOCK_THRESHOLD + 1 },
};
