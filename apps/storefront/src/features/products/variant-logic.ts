import type { Variant } from '../../lib/models';

export function sizesOf(variants: Variant[]): string[] {
  return [...new Set(variants.map((v) => v.size).filter((s): s is string => !!s))];
}

export function coloursOf(variants: Variant[], size?: string): string[] {
  return [...new Set(variants.filter((v) => !size || v.size === size).map((v) => v.colour).filter((c): c is string => !!c))];
}

/** The variant for the chosen size and colour (either may be absent when the product has none). */
export function findVariant(variants: Variant[], size?: string, colour?: string): Variant | undefined {
  return variants.find((v) => (v.size ?? '') === (size ?? '') && (v.colour ?? '') === (colour ?? ''));
}
