/**
 * The server cart's calls are the endpoints generated from openapi.json (lib/shop-api.ts: cartView, cartAdd,
 * cartUpdate, cartRemove, tagged 'Cart'); this is the body they send.
 */
import type { UpdateCartDto } from '../generated/shop-api';

/** A cart line's change; a line without a variant may say so with null. */
export type CartChange = Omit<UpdateCartDto, 'variantSku'> & { variantSku?: string | null };

/** The body of POST /api/cart and PUT /api/cart/update: without a variant when the line has none. */
export function cartBody(change: CartChange): UpdateCartDto {
  const { variantSku, ...rest } = change;
  return variantSku ? { ...rest, variantSku } : rest;
}
