import { PLACEHOLDER_IMAGE, srcSetOf, thumbnailSrcSet } from '../../lib/images';
import type { Product } from '../../lib/models';

/** The product page's main image takes the page's width on phones, half of it from 900 px on. */
export const MAIN_IMAGE_SIZES = '(min-width: 900px) 50vw, 100vw';

/** The product page's main image (its first one): URL and srcset. */
export function mainImage(product: Pick<Product, 'image' | 'images' | 'additionalImages'>): { src: string; srcSet?: string } {
  const src = [product.image, ...(product.additionalImages ?? [])].find(Boolean) ?? PLACEHOLDER_IMAGE;
  return { src, srcSet: srcSetOf(product.images) ?? thumbnailSrcSet(src) };
}

/**
 * Starts downloading the main image (the page's largest paint) as soon as the product is known, before the
 * page renders it: same srcset and sizes as the <img>, so the browser picks the same file and reuses it.
 */
export function preloadMainImage(product: Pick<Product, 'image' | 'images' | 'additionalImages'>): void {
  const { src, srcSet } = mainImage(product);
  if (src.startsWith('data:')) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  if (srcSet) {
    link.imageSrcset = srcSet;
    link.imageSizes = MAIN_IMAGE_SIZES;
  }
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
