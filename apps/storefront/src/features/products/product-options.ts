/**
 * The distributor's sizes, colours, stock per variant and specifications, as the Add Product form edits them and as
 * POST /api/products/add takes them (variants and specifications as JSON text fields of the multipart form).
 */
import type { VariantInputDto } from '../../lib/generated/shop-api';
import { MESSAGES } from '../../lib/validation';

/** The API's limits (VariantInputDto, ProductInputDto). */
export const MAX_SIZE_LENGTH = 20;
export const MAX_COLOUR_LENGTH = 30;
export const MAX_VARIANTS = 100;

export interface SpecificationRow {
  name: string;
  value: string;
}

/** "S, M,  L, m" → ["S", "M", "L"]: trimmed, empty ones dropped, each once (case-insensitively). */
export function parseOptions(text: string): string[] {
  const seen = new Set<string>();
  const options: string[] = [];
  for (const raw of text.split(',')) {
    const option = raw.trim().replace(/\s+/g, ' ');
    if (!option || seen.has(option.toLowerCase())) continue;
    seen.add(option.toLowerCase());
    options.push(option);
  }
  return options;
}

/** The key of a stock cell: a size and a colour, either of which may be absent. */
export function cellKey(size: string | undefined, colour: string | undefined): string {
  return `${size ?? ''}\u0000${colour ?? ''}`;
}

/** The grid's cells: every size × colour (one row or one column when the product has only colours or only sizes). */
export function variantCells(sizes: string[], colours: string[]): { size?: string; colour?: string }[] {
  if (sizes.length === 0 && colours.length === 0) return [];
  const rows: (string | undefined)[] = sizes.length ? sizes : [undefined];
  const columns: (string | undefined)[] = colours.length ? colours : [undefined];
  return rows.flatMap((size) => columns.map((colour) => ({ ...(size ? { size } : {}), ...(colour ? { colour } : {}) })));
}

/** "Linen Shirt", "M", "Navy" → "LS-M-NAVY": letters and digits only, unique within the product. */
function skuOf(name: string, size: string | undefined, colour: string | undefined, taken: Set<string>): string {
  const initials =
    name
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0].toUpperCase())
      .join('')
      .slice(0, 8) || 'P';
  const part = (text: string | undefined) =>
    (text ?? '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '')
      .slice(0, 12);
  const base = [initials, part(size), part(colour)].filter(Boolean).join('-');
  let sku = base;
  for (let n = 2; taken.has(sku); n += 1) sku = `${base}-${n}`;
  taken.add(sku);
  return sku;
}

/** The variants to send: one per cell, with its stock (an empty cell is 0). */
export function buildVariants(name: string, sizes: string[], colours: string[], stock: Record<string, string>): VariantInputDto[] {
  const taken = new Set<string>();
  return variantCells(sizes, colours).map(({ size, colour }) => ({
    sku: skuOf(name, size, colour, taken),
    ...(size ? { size } : {}),
    ...(colour ? { colour } : {}),
    countInStock: Number((stock[cellKey(size, colour)] ?? '').trim() || 0),
  }));
}

/** The sum of the grid's stock: the product's quantity when it has variants. */
export function stockTotal(sizes: string[], colours: string[], stock: Record<string, string>): number {
  return variantCells(sizes, colours).reduce((sum, { size, colour }) => {
    const n = Number((stock[cellKey(size, colour)] ?? '').trim() || 0);
    return Number.isInteger(n) && n > 0 ? sum + n : sum;
  }, 0);
}

/** The specifications to send: rows with a name, by that name (rows left blank are ignored). */
export function specificationsOf(rows: SpecificationRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value.trim()]));
}

/**
 * The sizes, colours, stock and specifications' problems, keyed by field (sizes, colours, stock, `stock:<cell key>`,
 * specifications, `specification:<row>`), in the spec's words where it has them.
 */
export function validateOptions(input: {
  sizes: string[];
  colours: string[];
  stock: Record<string, string>;
  specifications: SpecificationRow[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.sizes.some((s) => s.length > MAX_SIZE_LENGTH)) errors.sizes = `A size is at most ${MAX_SIZE_LENGTH} characters`;
  if (input.colours.some((c) => c.length > MAX_COLOUR_LENGTH)) errors.colours = `A colour is at most ${MAX_COLOUR_LENGTH} characters`;
  const cells = variantCells(input.sizes, input.colours);
  if (cells.length > MAX_VARIANTS) errors.stock = `At most ${MAX_VARIANTS} sizes × colours`;
  for (const { size, colour } of cells) {
    const key = cellKey(size, colour);
    const text = (input.stock[key] ?? '').trim();
    if (!text) continue;
    const n = Number(text);
    if (Number.isNaN(n) || !Number.isInteger(n)) errors[`stock:${key}`] = 'Stock must be a whole number';
    else if (n < 0) errors[`stock:${key}`] = MESSAGES.quantityNegative;
  }
  if (!errors.stock && Object.keys(errors).some((k) => k.startsWith('stock:')))
    errors.stock = Object.entries(errors).find(([k]) => k.startsWith('stock:'))![1];
  const names = new Map<string, number>();
  input.specifications.forEach((row, i) => {
    const name = row.name.trim();
    if (!name && row.value.trim()) errors[`specification:${i}`] = 'Give the specification a name';
    else if (name && names.has(name.toLowerCase())) errors[`specification:${i}`] = `${name} is listed twice`;
    if (name) names.set(name.toLowerCase(), i);
  });
  const firstSpec = Object.entries(errors).find(([k]) => k.startsWith('specification:'));
  if (firstSpec) errors.specifications = firstSpec[1];
  return errors;
}
