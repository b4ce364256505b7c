import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartLine } from '../models';
import { addItem, cartKey, removeItem, setQuantity, type CartItem } from './cart-logic';

export interface CartState {
  items: CartItem[];
  /** The outcome of the last add, read by the thunk for its toast. */
  lastAdd?: 'added' | 'updated';
}

const initialState: CartState = { items: [] };

/** The server's cart lines as the slice's items: the variant (nested on the server) becomes the line's own fields and key. */
export function linesToItems(lines: CartLine[]): CartItem[] {
  return lines.map((l) => ({
    key: cartKey(l.productId, l.variant?.sku ?? null),
    productId: l.productId,
    name: l.name,
    price: l.price,
    image: l.image,
    quantity: l.quantity,
    variantSku: l.variant?.sku ?? null,
    size: l.variant?.size ?? null,
    colour: l.variant?.colour ?? null,
    countInStock: l.countInStock,
  }));
}

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    addToCart(state, action: PayloadAction<Omit<CartItem, 'key' | 'quantity'> & { quantity?: number }>) {
      const result = addItem(state.items, action.payload);
      state.items = result.items;
      state.lastAdd = result.outcome;
    },
    removeFromCart(state, action: PayloadAction<string>) {
      state.items = removeItem(state.items, action.payload);
    },
    updateQuantity(state, action: PayloadAction<{ key: string; quantity: number }>) {
      state.items = setQuantity(state.items, action.payload.key, action.payload.quantity);
    },
    /** The server's cart replaces the local one (sync for signed-in users). */
    setCartFromServer(state, action: PayloadAction<CartLine[]>) {
      state.items = linesToItems(action.payload);
    },
    clearCart(state) {
      state.items = [];
    },
  },
});

export const { addToCart, removeFromCart, updateQuantity, setCartFromServer, clearCart } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
