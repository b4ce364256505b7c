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


const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

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
    variants: (p.variants ?? []).map((v) => ({ sku: str(v.sku), size: str(v.size), colour: str(v.colour), price: str(v.price), countInStock: str(v.countInStock) })),
  };
}

/**
 * The spec's messages: every field is required on create ('Please fill out all fields.'), the image too
 * ('Please upload an image.'); on update quantity has a minimum of 1. Answers the first problem, or null.
 */
export function validateProduct(values: ProductFormValues, mode: 'create' | 'update'): string | null {
  const required = [values.name, values.description, values.price, values.category, values.quantity, values.brand, values.countInStock];
  if (required.some((v) => v.trim() === '')) return 'Please fill out all fields.';
  if (!values.image) return 'Please upload an image.';
  const price = Number(values.price);
  if (!Number.isFinite(price) || price < 0) return 'Price must be positive';
  const quantity = Number(values.quantity);
  if (!Number.isInteger(quantity) || quantity < (mode === 'update' ? 1 : 0)) return mode === 'update' ? 'Quantity must be at least 1' : 'Quantity must be positive';
  const stock = Number(values.countInStock);
  if (!Number.isInteger(stock) || stock < 0) return 'Count in stock must be a whole number of at least 0';
  if (values.additionalImages.length > MAX_ADDITIONAL_IMAGES) return 'Maximum 4 additional images allowed';
  if (values.variants.some((v) => !v.sku.trim())) return 'Every variant needs a SKU';
  return null;
}

/** A picked file travels as react-admin's {rawFile} so the data provider uploads it first. */
const fileOrUrl = (v: File | string) => (typeof v === 'string' ? v : { rawFile: v, title: v.name });

export function toProductData(values: ProductFormValues): Record<string, unknown> {
  const specifications = Object.fromEntries(values.specifications.filter((s) => s.key.trim()).map((s) => [s.key.trim(), s.value]));
  const data: Record<string, unknown> = {
    name: values.name.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    quantity: Number(values.quantity),
    brand: values.brand.trim(),
    countInStock: Number(values.countInStock),
    category: values.category,
    image: values.image === null ? undefined : fileOrUrl(values.image),
    additionalImages: values.additionalImages.map(fileOrUrl),
    specifications,
  };
  if (values.variants.length) {
    data.variants = values.variants.map((v) => ({
      sku: v.sku.trim(),
      ...(v.size.trim() ? { size: v.size.trim() } : {}),
      ...(v.colour.trim() ? { colour: v.colour.trim() } : {}),
      ...(v.price.trim() ? { price: Number(v.price) } : {}),
      countInStock: Number(v.countInStock || 0),
    }));
  }
  return data;
}
