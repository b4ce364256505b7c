import type { Variant } from '../../lib/models';

/**
 * How an option (a size or a colour) can be chosen:
 * - available: in stock with the other option as chosen (or with any, when none is chosen);
 * - soldOut: no unit left in any combination: shown crossed out, and it can't be chosen;
 * - unavailable: in stock, but not with the other option as chosen: shown crossed out, still choosable (the page
 *   then says why that pair can't be bought and what can).
 */
export type OptionStatus = 'available' | 'soldOut' | 'unavailable';

export interface VariantOption {
  value: string;
  status: OptionStatus;
}

export interface VariantChoice {
  size?: string;
  colour?: string;
}

const inStock = (v: Variant) => v.countInStock > 0;
const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((s): s is string => !!s))];

/** Every size, in the order the product lists them. */
export function sizesOf(variants: Variant[]): string[] {
  return unique(variants.map((v) => v.size));
}

/** Every colour, in the order the product lists them (whatever the chosen size: each one can be picked). */
export function coloursOf(variants: Variant[]): string[] {
  return unique(variants.map((v) => v.colour));
}

/** The variant for the chosen size and colour (either may be absent when the product has none). */
export function findVariant(variants: Variant[], size?: string, colour?: string): Variant | undefined {
  return variants.find((v) => (v.size ?? '') === (size ?? '') && (v.colour ?? '') === (colour ?? ''));
}

function optionStatus(matching: Variant[], withOther: (v: Variant) => boolean, otherChosen: boolean): OptionStatus {
  if (!matching.some(inStock)) return 'soldOut';
  if (otherChosen && !matching.some((v) => withOther(v) && inStock(v))) return 'unavailable';
  return 'available';
}

/** The sizes with their status given the chosen colour. */
export function sizeOptions(variants: Variant[], colour?: string): VariantOption[] {
  return sizesOf(variants).map((size) => ({
    value: size,
    status: optionStatus(
      variants.filter((v) => v.size === size),
      (v) => v.colour === colour,
      !!colour,
    ),
  }));
}

/** The colours with their status given the chosen size. */
export function colourOptions(variants: Variant[], size?: string): VariantOption[] {
  return coloursOf(variants).map((colour) => ({
    value: colour,
    status: optionStatus(
      variants.filter((v) => v.colour === colour),
      (v) => v.size === size,
      !!size,
    ),
  }));
}

/** The choice made for the shopper: a product's only size, or only colour, is chosen from the start (unless sold out). */
export function initialChoice(variants: Variant[]): VariantChoice {
  const [size, ...moreSizes] = sizeOptions(variants);
  const [colour, ...moreColours] = colourOptions(variants);
  return {
    ...(size && moreSizes.length === 0 && size.status !== 'soldOut' ? { size: size.value } : {}),
    ...(colour && moreColours.length === 0 && colour.status !== 'soldOut' ? { colour: colour.value } : {}),
  };
}

/** "39, 41 and 42". */
function listed(values: string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}

/**
 * Why the chosen size and colour can't be bought together, and what can instead; undefined when nothing is chosen
 * yet, or the pair is in stock.
 */
export function choiceProblem(variants: Variant[], choice: VariantChoice): string | undefined {
  const { size, colour } = choice;
  if (!size || !colour) return undefined;
  const variant = findVariant(variants, size, colour);
  if (variant && inStock(variant)) return undefined;
  const sizesInColour = variants
    .filter((v) => v.colour === colour && inStock(v))
    .map((v) => v.size ?? '')
    .filter(Boolean);
  const coloursInSize = variants
    .filter((v) => v.size === size && inStock(v))
    .map((v) => v.colour ?? '')
    .filter(Boolean);
  const problem = variant ? `Size ${size} in ${colour} is sold out.` : `Size ${size} doesn't come in ${colour}.`;
  const instead = [
    sizesInColour.length ? `${colour} in size ${listed(sizesInColour)}` : '',
    coloursInSize.length ? `size ${size} in ${listed(coloursInSize)}` : '',
  ].filter(Boolean);
  return instead.length ? `${problem} Available: ${instead.join(', or ')}.` : problem;
}

/** The picture of a colour: the first of its variants that has one. */
export function colourImage(variants: Variant[], colour?: string): string | undefined {
  if (!colour) return undefined;
  return variants.find((v) => v.colour === colour && v.image)?.image ?? undefined;
}
