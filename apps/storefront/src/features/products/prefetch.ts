import type { ShopDispatch } from '../../lib/store-hooks';
import { earlyProduct } from './first-product';
import { preloadMainImage } from './product-image';
import { shopApi } from '../../lib/shop-api';

const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/;

/**
 * On /product/{id}, asks for the product while the page's chunk loads, then preloads its main image: the
 * page's largest paint, which can only be requested once the product has arrived. Resolves when the answer
 * is in (or failed: the page shows the error when it asks again), with whether it asked.
 */
export async function prefetchProductPage(pathname: string, dispatch: ShopDispatch): Promise<boolean> {
  const match = PRODUCT_PAGE.exec(pathname);
  if (!match) return false;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return false;
  }
  const early = earlyProduct(id);
  if (early) {
    try {
      // Asked for (and its image shown) by product-boot.js: the page renders from this answer.
      await dispatch(shopApi.util.upsertQueryData('productsGet', { id }, await early));
      return true;
    } catch {
      // asked again below
    }
  }
  try {
    // Not subscribed: the answer stays cached for the page, which subscribes when it renders.
    preloadMainImage(await dispatch(shopApi.endpoints.productsGet.initiate({ id }, { subscribe: false })).unwrap());
  } catch {
    // shown by the page
  }
  return true;
}
