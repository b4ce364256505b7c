/** The price filter of the shop: radio ranges sent to filtered-products as [min, max]. */
export const PRICE_RANGES: Array<{ label: string; range: [number, number] }> = [
  { label: '$0 to $25', range: [0, 25] },
  { label: '$25 to $50', range: [25, 50] },
  { label: '$50 to $100', range: [50, 100] },
  { label: '$100 to $200', range: [100, 200] },
  { label: '$200 and more', range: [200, 1_000_000] },
];

export const SHOP_PAGE_SIZE = 12;

export function pageCount(total: number, pageSize = SHOP_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The loading skeleton: 6 cards. */
export const SKELETON_CARDS = 6;
