/**
 * A message handed from the console to the storefront across a full page load: the console leaves it in
 * sessionStorage under this key and the storefront shows it once as a toast (apps/storefront/src/lib/flash.ts
 * reads the same key). Both apps live on one origin, so they share the tab's sessionStorage.
 */
export const SHOP_FLASH_KEY = 'shop:flash';

export interface ShopFlash {
  type: 'success' | 'info';
  message: string;
}

/** Leaves `flash` for the storefront, then opens `path` of the shop (a full page load out of the console). */
export function goToShopWith(path: string, flash: ShopFlash): void {
  try {
    sessionStorage.setItem(SHOP_FLASH_KEY, JSON.stringify(flash));
  } catch {
    /* storage blocked: the shop opens without the message */
  }
  window.location.assign(path);
}
