/** How the console words the stock of variants (pure: the product list and the dashboard both use it). */
import type { LowStockVariant, Variant } from '../lib/api-types';

/** "41 · White": a variant as the console names it (its SKU when it has neither size nor colour). */
export function variantName(variant: Pick<LowStockVariant, 'sku' | 'size' | 'colour'>): string {
  return [variant.size, variant.colour].filter(Boolean).join(' · ') || variant.sku;
}

/** "41 · White: 1 left" or "40 · White: sold out". */
export function variantStockText(variant: Pick<LowStockVariant, 'sku' | 'size' | 'colour' | 'countInStock'>): string {
  return `${variantName(variant)}: ${variant.countInStock > 0 ? `${variant.countInStock} left` : 'sold out'}`;
}

/** The variants at the threshold or below, fewest first. */
export function lowStockVariants<V extends Pick<Variant, 'countInStock'>>(variants: readonly V[], threshold: number): V[] {
  return variants
    .map((v, i) => ({ v, i }))
    .filter(({ v }) => v.countInStock <= threshold)
    .sort((a, b) => a.v.countInStock - b.v.countInStock || a.i - b.i)
    .map(({ v }) => v);
}

/** A low-stock row of the dashboard: '41 · White: 1 left, 40 · White: sold out (19 in total)', or '3 left'. */
export function lowStockText(product: {
  countInStock: number;
  variants: readonly Pick<LowStockVariant, 'sku' | 'size' | 'colour' | 'countInStock'>[];
}): string {
  if (product.variants.length === 0) return product.countInStock > 0 ? `${product.countInStock} left` : 'Sold out';
  return `${product.variants.map(variantStockText).join(', ')} (${product.countInStock} in total)`;
}
