import type { ImageSize, Product } from './models';

/** srcset from the thumbnail list the API sends ([{ width, url }]). */
export function srcSetOf(images: ImageSize[] | undefined): string | undefined {
  if (!images?.length) return undefined;
  return images.map((i) => `${i.url} ${i.width}w`).join(', ');
}

export function productSrcSet(product: Partial<Pick<Product, 'images'>>): string | undefined {
  return srcSetOf(product.images);
}

/** For an /api/images/<id> URL, the thumbnail URLs the server can serve (?w=). */
export function thumbnailSrcSet(url: string | undefined): string | undefined {
  if (!url || !url.startsWith('/api/images/') || url.includes('?')) return undefined;
  return [160, 320, 640, 1280].map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="100%" height="100%" fill="#9ca3af"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="28" text-anchor="middle">No image</text></svg>',
  );

/** The image types the API stores (it decodes and re-encodes each; SVG, HEIC and the rest answer 415). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
