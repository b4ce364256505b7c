import type { Product } from '../../lib/models';

declare global {
  interface Window {
    /** The product of a /product/{id} page, asked for by public/product-boot.js before the app loaded. */
    threadlineFirstProduct?: { id: string; product: Promise<Product> };
    /** Settles when product-boot.js has shown the product's image (public/app-loader.js waits for it, briefly). */
    threadlineFirstPaint?: Promise<void>;
  }
}

/** product-boot.js's request for this product, if it made one. */
export function earlyProduct(id: string): Promise<Product> | undefined {
  const early = window.threadlineFirstProduct;
  return early?.id === id ? early.product : undefined;
}
