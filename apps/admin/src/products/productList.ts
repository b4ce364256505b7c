/** The All Products list's choices and labels (stock levels as GET /api/products defines them). */
import type { operations } from '../generated/api';
import type { Schemas } from '../lib/api-types';

/** Units at or below which a product in stock counts as low stock (the API's and the dashboard's threshold). */
export const LOW_STOCK_THRESHOLD = 5;

/** The API's stock levels (GET /api/products?stock=…, or filter stock). */
type StockLevel = NonNullable<NonNullable<operations['Products_list']['parameters']['query']>['stock']>;

export const STOCK_LEVEL_CHOICES: { id: StockLevel; name: string }[] = [
  { id: 'in_stock', name: `In stock (more than ${LOW_STOCK_THRESHOLD})` },
  { id: 'low_stock', name: `Low stock (1 to ${LOW_STOCK_THRESHOLD})` },
  { id: 'sold_out', name: 'Sold out' },
];

export const PRODUCT_STATUS_CHOICES: { id: Schemas['ProductDto']['status']; name: string }[] = [
  { id: 'published', name: 'Published' },
  { id: 'pending', name: 'Pending review' },
  { id: 'draft', name: 'Draft (unpublished)' },
  { id: 'rejected', name: 'Rejected' },
];

/** '12 in stock', 'Low stock: 3 left' or 'Sold out'. */
export function stockLabel(count: number): string {
  if (!(count > 0)) return 'Sold out';
  if (count <= LOW_STOCK_THRESHOLD) return `Low stock: ${count} left`;
  return `${count} in stock`;
}
