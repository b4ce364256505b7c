import { THUMBNAIL_WIDTHS } from '@shop/media';
import {
  reviewStatusOf,
  type ProductRecord,
  type ProductStatus,
  type ProductVariantInput,
  type ReviewStatus,
  type StoredReview,
} from '@shop/database';
import { badRequest } from '../common/domain-error';
import { toCents, toDollars } from '../common/money';
import type { ProductDto, ProductImageDto, ReviewDto, VariantDto } from './dto/product.dto';

/** Longest search text used; a longer one is cut, so any input costs at most a 100-character literal scan. */
export const MAX_SEARCH_LENGTH = 100;
export const SPECIAL_PRODUCTS = 7;

export interface StockInput {
  quantity?: number;
  countInStock?: number;
  variants?: { countInStock: number }[];
}

/**
 * countInStock: the variants' sum when there are variants, else countInStock (or quantity); quantity follows it.
 * Nothing the owner sent is dropped silently: a countInStock or quantity that disagrees with the variants' sum,
 * or with each other, answers 400 STOCK_MISMATCH instead of being overridden. Sent alongside variants, they
 * may only repeat the sum (or be left out).
 */
export function stockFrom(input: StockInput): { countInStock: number; quantity: number } {
  const given = { countInStock: input.countInStock, quantity: input.quantity };
  if (input.variants && input.variants.length > 0) {
    const sum = input.variants.reduce((total, v) => total + v.countInStock, 0);
    const errors: Record<string, string> = {};
    for (const [field, value] of Object.entries(given)) {
      if (value !== undefined && value !== sum) errors[field] = `Stock is the sum of the variants' stock (${sum}); edit it per variant`;
    }
    const fields = Object.keys(errors);
    if (fields.length > 0) {
      const sent = fields.map((f) => `${f} ${given[f as keyof typeof given]}`).join(' and ');
      throw badRequest(
        'STOCK_MISMATCH',
        `Stock is the sum of the variants' stock (${sum}), so ${sent} can't be saved: change each variant's stock instead, or leave countInStock and quantity out`,
        errors,
      );
    }
    return { countInStock: sum, quantity: sum };
  }
  if (given.countInStock !== undefined && given.quantity !== undefined && given.countInStock !== given.quantity) {
    const message = `quantity (${given.quantity}) and countInStock (${given.countInStock}) are the same stock and must be equal`;
    throw badRequest('STOCK_MISMATCH', message, { quantity: message, countInStock: message });
  }
  const count = given.countInStock ?? given.quantity ?? 0;
  return { countInStock: count, quantity: count };
}

/** Specifications are a flat map of short texts; anything else answers 400. */
export function normaliseSpecifications(input: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (input === undefined) return undefined;
  const entries = Object.entries(input);
  if (entries.length > 50) throw badRequest('INVALID_SPECIFICATIONS', 'At most 50 specifications are allowed');
  const out: Record<string, string> = {};
  for (const [rawKey, value] of entries) {
    const key = rawKey.trim();
    if (!key || key.length > 60 || key.startsWith('$') || key.includes('.')) {
      throw badRequest('INVALID_SPECIFICATIONS', 'Specification names must be 1 to 60 characters, without "." or a leading "$"');
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw badRequest('INVALID_SPECIFICATIONS', 'specifications must be an object of texts');
    }
    const text = String(value).trim();
    if (text.length > 500) throw badRequest('INVALID_SPECIFICATIONS', 'A specification value has at most 500 characters');
    out[key] = text;
  }
  return out;
}

export interface VariantInput {
  sku: string;
  size?: string;
  colour?: string;
  price?: number;
  countInStock: number;
  image?: string;
}

/** Variants in cents; SKUs must be unique within the product. */
export function variantsToStored(variants: VariantInput[] | undefined): ProductVariantInput[] | undefined {
  if (variants === undefined) return undefined;
  const skus = new Set<string>();
  return variants.map((v) => {
    const key = v.sku.toLowerCase();
    if (skus.has(key)) throw badRequest('DUPLICATE_SKU', `Variant sku ${v.sku} is used twice`, { variants: `Variant sku ${v.sku} is used twice` });
    skus.add(key);
    return {
      sku: v.sku,
      ...(v.size ? { size: v.size } : {}),
      ...(v.colour ? { colour: v.colour } : {}),
      ...(v.price !== undefined ? { priceCents: toCents(v.price) } : {}),
      countInStock: v.countInStock,
      ...(v.image ? { image: v.image } : {}),
    };
  });
}

const OWN_IMAGE = /^\/api\/images\/([0-9a-f]{24})$/i;

/** srcset entries for one of our images (its WebP thumbnails); none for external URLs. */
export function srcsetOf(image: string): ProductImageDto[] {
  const match = OWN_IMAGE.exec(image);
  if (!match) return [];
  return THUMBNAIL_WIDTHS.map((width) => ({ width, url: `/api/images/${match[1]}?w=${width}` }));
}

/**
 * The moderation state of a review its author has just edited: under pre-moderation the new text waits for an
 * admin again; under post-moderation an approved review stays approved, a pending one keeps waiting, and a
 * rejected one goes back to pending (an edit is not a way round a rejection, but it may be looked at again).
 */
export function reviewStatusAfterEdit(current: ReviewStatus, moderation: 'pre' | 'post'): ReviewStatus {
  if (moderation === 'pre') return 'pending';
  return current === 'approved' ? 'approved' : 'pending';
}

export function reviewToDto(review: StoredReview): ReviewDto {
  return {
    _id: review._id.toString(),
    name: review.name,
    rating: review.rating,
    comment: review.comment,
    createdAt: new Date(review.createdAt).toISOString(),
    verifiedPurchase: review.verifiedPurchase === true,
    status: reviewStatusOf(review),
  };
}

function variantToDto(variant: ProductVariantInput, productPriceCents: number): VariantDto {
  return {
    sku: variant.sku,
    size: variant.size ?? null,
    colour: variant.colour ?? null,
    price: toDollars(variant.priceCents ?? productPriceCents),
    countInStock: variant.countInStock,
    image: variant.image ?? null,
  };
}

/** The product as the API shows it; reviews only when asked (GET /api/products/{id}). */
export function toProductDto(product: ProductRecord, withReviews = false): ProductDto {
  const id = product._id.toString();
  const dto: ProductDto = {
    _id: id,
    id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: toDollars(product.priceCents),
    compareAtPrice: typeof product.compareAtPriceCents === 'number' ? toDollars(product.compareAtPriceCents) : null,
    category: product.category ? { _id: product.category._id.toString(), name: product.category.name } : null,
    brand: product.brand,
    quantity: product.quantity,
    countInStock: product.countInStock,
    image: product.image,
    images: srcsetOf(product.image),
    additionalImages: product.additionalImages ?? [],
    specifications: { ...(product.specifications ?? {}) },
    rating: product.rating ?? 0,
    numReviews: product.numReviews ?? 0,
    isSpecial: product.isSpecial === true,
    status: product.status,
    rejectionNote: product.rejectionNote ?? null,
    owner: product.owner ? product.owner.toString() : null,
    variants: (product.variants ?? []).map((v) => variantToDto(v, product.priceCents)),
    createdAt: new Date(product.createdAt).toISOString(),
    updatedAt: new Date(product.updatedAt ?? product.createdAt).toISOString(),
  };
  // Only approved reviews are shown (a pending one's author sees it through GET /api/products/{id}/reviews/mine).
  if (withReviews) dto.reviews = (product.reviews ?? []).filter((r) => reviewStatusOf(r) === 'approved').map(reviewToDto);
  return dto;
}

/** Who may see a product that is not published: admins and its owner. */
export function canSee(
  product: { status: ProductStatus; owner?: { toString(): string } | null },
  viewer?: { id: string; isAdmin: boolean },
): boolean {
  if (product.status === 'published') return true;
  if (!viewer) return false;
  return viewer.isAdmin || (product.owner !== null && product.owner !== undefined && product.owner.toString() === viewer.id);
}

/** Status of a new product: an admin's is published (or what the admin chose), a distributor's waits for review. */
export function initialStatus(isAdmin: boolean, requested?: 'draft' | 'pending' | 'published'): ProductStatus {
  if (isAdmin) return requested ?? 'published';
  return requested === 'draft' ? 'draft' : 'pending';
}
