/** The cart rules of the spec (section 4), as pure functions the slice and the tests share. */
export interface CartItem {
  /** productId plus variant: two sizes of one product are two lines. */
  key: string;
  productId: string;
  name: string;
  price: number;
  image: string;
  quantity: number;
  variantSku?: string | null;
  size?: string | null;
  colour?: string | null;
  countInStock?: number;
}

export type AddOutcome = 'added' | 'updated';

export const CART_TOASTS = {
  added: 'Item added to cart',
  updated: 'Item quantity updated in cart',
  removed: 'Item removed from cart',
} as const;

/** Where an add to cart starts: the product page, or a product card (shop, special products, home). */
export type AddToCartSource = 'product' | 'shop';

/**
 * The screen's fallback when the server refuses an add without a message of its own (spec section 8). A saved add
 * shows the cart rule's toast alone: one toast per outcome.
 */
export const ADD_TO_CART_FAILED: Record<AddToCartSource, string> = {
  product: 'Failed to add to cart',
  shop: 'Failed to add product to cart!',
};

/**
 * The screen's confirmation of a saved add (spec section 8): shown beside the button that added, not as a second
 * toast (the cart rule's toast is the outcome's one toast).
 */
export const ADD_TO_CART_SAVED: Record<AddToCartSource, string> = {
  product: 'Added to cart',
  shop: 'Product added to cart',
};

export function cartKey(productId: string, variantSku?: string | null): string {
  return variantSku ? `${productId}:${variantSku}` : productId;
}

/** Adding an id already present raises its quantity by the added amount (default 1); else it is appended. */
export function addItem(
  items: CartItem[],
  item: Omit<CartItem, 'key' | 'quantity'> & { quantity?: number },
): { items: CartItem[]; outcome: AddOutcome } {
  const amount = item.quantity ?? 1;
  const key = cartKey(item.productId, item.variantSku);
  const existing = items.find((i) => i.key === key);
  if (existing) {
    return { items: items.map((i) => (i.key === key ? { ...i, quantity: i.quantity + amount } : i)), outcome: 'updated' };
  }
  return { items: [...items, { ...item, key, quantity: amount }], outcome: 'added' };
}

export function removeItem(items: CartItem[], key: string): CartItem[] {
  return items.filter((i) => i.key !== key);
}

/** Setting a quantity below 1 is ignored. */
export function setQuantity(items: CartItem[], key: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity < 1) return items;
  return items.map((i) => (i.key === key ? { ...i, quantity: Math.floor(quantity) } : i));
}

/** The cart count is the sum of quantities. */
export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** One line's price times its quantity, in whole cents (0.1 × 3 is 0.3, not 0.30000000000000004). */
export function cartLineTotal(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return (Math.round(item.price * 100) * item.quantity) / 100;
}

/** The sum of the line totals, in whole cents. */
export function cartSubtotal(items: CartItem[]): number {
  return items.reduce((cents, i) => cents + Math.round(i.price * 100) * i.quantity, 0) / 100;
}
