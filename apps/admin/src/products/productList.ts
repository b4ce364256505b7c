/**
 * The All Products list's choices and labels (stock levels as GET /api/products defines them). The low-stock
 * threshold is the API's (GET /api/products/stock-levels): the console keeps no number of its own.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import type { operations } from '../generated/api';
import type { Schemas, Variant } from '../lib/api-types';
import { lowStockVariants, variantStockText } from './stockText';

/** The API's stock levels (GET /api/products?stock=…, or filter stock). */
type StockLevel = NonNullable<NonNullable<operations['Products_list']['parameters']['query']>['stock']>;

/** The shop's low-stock threshold as the API serves it; undefined until it has answered. */
export function useLowStockThreshold(): number | undefined {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { data } = useQuery({ queryKey: ['products', 'stock-levels'], queryFn: () => dataProvider.getStockLevels(), staleTime: Infinity });
  return data?.lowStockThreshold;
}

/** The stock filter's choices, with the threshold once it is known. */
export function stockLevelChoices(threshold: number | undefined): { id: StockLevel; name: string }[] {
  return [
    { id: 'in_stock', name: threshold === undefined ? 'In stock' : `In stock (more than ${threshold} of each)` },
    { id: 'low_stock', name: threshold === undefined ? 'Low stock' : `Low stock (${threshold} or fewer of a size or colour)` },
    { id: 'sold_out', name: 'Sold out' },
  ];
}

/** Whether the list shows a product's stock as a warning: sold out, or low in total or in any variant. */
export function isLowStock(
  product: { countInStock: number; variants?: readonly Pick<Variant, 'countInStock'>[] },
  threshold: number | undefined,
): boolean {
  if (!(product.countInStock > 0)) return true;
  if (threshold === undefined) return false;
  return product.countInStock <= threshold || lowStockVariants(product.variants ?? [], threshold).length > 0;
}

export const PRODUCT_STATUS_CHOICES: { id: Schemas['ProductDto']['status']; name: string }[] = [
  { id: 'published', name: 'Published' },
  { id: 'pending', name: 'Pending review' },
  { id: 'draft', name: 'Draft (unpublished)' },
  { id: 'rejected', name: 'Rejected' },
];

/**
 * '12 in stock', 'Low stock: 3 left', 'Sold out', or with variants at the threshold or below
 * '19 in stock · low: 41 · White: 1 left, 40 · White: sold out'. Without the threshold (not answered yet): the count.
 */
export function stockLabel(
  product: { countInStock: number; variants?: readonly Pick<Variant, 'sku' | 'size' | 'colour' | 'countInStock'>[] },
  threshold: number | undefined,
): string {
  const count = product.countInStock;
  if (!(count > 0)) return 'Sold out';
  if (threshold === undefined) return `${count} in stock`;
  const low = lowStockVariants(product.variants ?? [], threshold);
  if (low.length > 0) return `${count} in stock · low: ${low.map(variantStockText).join(', ')}`;
  if (count <= threshold) return `Low stock: ${count} left`;
  return `${count} in stock`;
}
