/** The product form's values and the pure rules around them (validation, payload), unit-tested. */
import type { ProductSource } from '../lib/api-types';

export interface SpecRow {
  key: string;
  value: string;
}

export interface VariantRow {
  sku: string;
  size: string;
  colour: string;
  price: string;
  countInStock: string;
  /** The variant's own image URL, not edited here but kept on save (a resent variant without it would lose it). */
  image: string;
}

export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  quantity: string;
  brand: string;
  countInStock: string;
  category: string;
  /** A picked file, or the URL of the image already stored. */
  image: File | string | null;
  additionalImages: Array<File | string>;
  specifications: SpecRow[];
  variants: VariantRow[];
}

export const MAX_ADDITIONAL_IMAGES = 4;

/** Why Count In Stock and Quantity are read-only on a product with variants (the API refuses a top-level stock that disagrees). */
export const VARIANT_STOCK_HELP = "Stock is the sum of the variants' stock; edit it per variant";

export const emptyVariant = (): VariantRow => ({ sku: '', size: '', colour: '', price: '', countInStock: '0', image: '' });

/** The product's stock when it has variants: the sum of theirs (a row not yet a whole number counts as 0). */
export function variantStockTotal(variants: VariantRow[]): number {
  return variants.reduce((sum, v) => {
    const n = Number(v.countInStock);
    return sum + (Number.isInteger(n) && n > 0 ? n : 0);
  }, 0);
}

/** The values with Count In Stock and Quantity shown as the variants' sum, when there are variants. */
export function withVariantStock(values: ProductFormValues): ProductFormValues {
  if (values.variants.length === 0) return values;
  const total = String(variantStockTotal(values.variants));
  return { ...values, countInStock: total, quantity: total };
}

export const emptyProduct = (): ProductFormValues => ({
  name: '',
  description: '',
  price: '',
  quantity: '',
  brand: '',
  countInStock: '',
  category: '',
  image: null,
  additionalImages: [],
  specifications: [],
  variants: [],
});

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

export function fromProduct(p: ProductSource): ProductFormValues {
  const category = p.category && typeof p.category === 'object' ? (p.category._id ?? '') : str(p.category);
  return {
    name: str(p.name),
    description: str(p.description),
    price: str(p.price),
    quantity: str(p.quantity),
    brand: str(p.brand),
    countInStock: str(p.countInStock),
    category,
    image: p.image ?? null,
    additionalImages: p.additionalImages ?? [],
    specifications: Object.entries(p.specifications ?? {}).map(([key, value]) => ({ key, value: str(value) })),
    // A variant without a price of its own reads back with the product's: left blank here, it keeps following it.
    variants: (p.variants ?? []).map((v) => ({
      sku: str(v.sku),
      size: str(v.size),
      colour: str(v.colour),
      price: v.price === p.price ? '' : str(v.price),
      countInStock: str(v.countInStock),
      image: str(v.image),
    })),
  };
}

/**
 * The spec's messages: every field is required on create ('Please fill out all fields.'), the image too
 * ('Please upload an image.'); on update quantity has a minimum of 1. With variants the stock is theirs: each
 * variant needs a SKU and a whole stock of at least 0, and the top-level fields (their sum) are not checked.
 * Answers the first problem, or null.
 */
export function validateProduct(values: ProductFormValues, mode: 'create' | 'update'): string | null {
  const hasVariants = values.variants.length > 0;
  const required = [
    values.name,
    values.description,
    values.price,
    values.category,
    values.brand,
    ...(hasVariants ? [] : [values.quantity, values.countInStock]),
  ];
  if (required.some((v) => v.trim() === '')) return 'Please fill out all fields.';
  if (!values.image) return 'Please upload an image.';
  const price = Number(values.price);
  if (!Number.isFinite(price) || price < 0) return 'Price must be positive';
  if (!hasVariants) {
    const quantity = Number(values.quantity);
    if (!Number.isInteger(quantity) || quantity < (mode === 'update' ? 1 : 0))
      return mode === 'update' ? 'Quantity must be at least 1' : 'Quantity must be positive';
    const stock = Number(values.countInStock);
    if (!Number.isInteger(stock) || stock < 0) return 'Count in stock must be a whole number of at least 0';
    if (stock !== quantity) return 'Quantity and Count In Stock are the same stock and must be equal';
  }
  if (values.additionalImages.length > MAX_ADDITIONAL_IMAGES) return 'Maximum 4 additional images allowed';
  if (values.variants.some((v) => !v.sku.trim())) return 'Every variant needs a SKU';
  if (values.variants.some((v) => v.countInStock.trim() === '' || !Number.isInteger(Number(v.countInStock)) || Number(v.countInStock) < 0))
    return "Every variant's stock must be a whole number of at least 0";
  return null;
}

/** A picked file travels as react-admin's {rawFile} so the data provider uploads it first. */
const fileOrUrl = (v: File | string) => (typeof v === 'string' ? v : { rawFile: v, title: v.name });

/**
 * The body to save. The variants always travel (an empty list removes them). With variants, Count In Stock and
 * Quantity are left out: the API keeps their sum, and refuses a top-level stock that disagrees with it.
 */
export function toProductData(values: ProductFormValues): Record<string, unknown> {
  const specifications = Object.fromEntries(values.specifications.filter((s) => s.key.trim()).map((s) => [s.key.trim(), s.value]));
  const hasVariants = values.variants.length > 0;
  const data: Record<string, unknown> = {
    name: values.name.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    ...(hasVariants ? {} : { quantity: Number(values.quantity), countInStock: Number(values.countInStock) }),
    brand: values.brand.trim(),
    category: values.category,
    image: values.image === null ? undefined : fileOrUrl(values.image),
    additionalImages: values.additionalImages.map(fileOrUrl),
    specifications,
    variants: values.variants.map((v) => ({
      sku: v.sku.trim(),
      ...(v.size.trim() ? { size: v.size.trim() } : {}),
      ...(v.colour.trim() ? { colour: v.colour.trim() } : {}),
      ...(v.price.trim() ? { price: Number(v.price) } : {}),
      countInStock: Number(v.countInStock || 0),
      ...(v.image ? { image: v.image } : {}),
    })),
  };
  return data;
}
