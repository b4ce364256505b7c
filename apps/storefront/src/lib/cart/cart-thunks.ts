import { toast } from '../toast';
import type { ShopDispatch, ShopState } from '../store-hooks';
import { errorMessage } from '../api';
import { shopApi } from '../shop-api';
import { cartBody } from './cart-api';
import { ADD_TO_CART_FAILED, CART_TOASTS, addItem, type AddToCartSource, type CartItem } from './cart-logic';
import { addToCart, clearCart, removeFromCart, setCartFromServer, updateQuantity } from './cart-slice';

type Thunk<R = void> = (dispatch: ShopDispatch, getState: () => ShopState) => Promise<R>;

/** Loads the server's cart into the local one (on sign-in and at start for a signed-in user). */
export const syncCart = (): Thunk => async (dispatch, getState) => {
  const user = getState().session.userInfo;
  if (!user) {
    dispatch(clearCart());
    return;
  }
  const result = await dispatch(shopApi.endpoints.cartView.initiate({ userId: user._id }, { forceRefetch: true }));
  if (result.data) dispatch(setCartFromServer(result.data.items));
};

/**
 * Adds to the cart at once, then saves on the server; the server's answer becomes the cart. One outcome, one
 * toast: a saved add shows the cart rule's toast ('Item added to cart', or 'Item quantity updated in cart' for a
 * line already there) once the server accepted it; a refused one shows only the error (the screen's fallback,
 * 'Failed to add to cart' or 'Failed to add product to cart!', when the server gave no message) and the cart goes
 * back to the server's. A guest's cart is local: the rule's toast shows as soon as it is stored.
 */
export const addToCartAndSync =
  (item: Omit<CartItem, 'key' | 'quantity'> & { quantity?: number }, from: AddToCartSource = 'product'): Thunk<boolean> =>
  async (dispatch, getState) => {
    const user = getState().session.userInfo;
    const { outcome } = addItem(getState().cart.items, item);
    dispatch(addToCart(item));
    const ruleToast = () => (outcome === 'updated' ? toast.info(CART_TOASTS.updated) : toast.success(CART_TOASTS.added));
    if (!user) {
      ruleToast();
      return true;
    }
    const result = await dispatch(
      shopApi.endpoints.cartAdd.initiate({
        addToCartDto: cartBody({ userId: user._id, productId: item.productId, quantity: item.quantity ?? 1, variantSku: item.variantSku }),
      }),
    );
    const answer = result.data as { message?: string; items?: unknown } | undefined;
    if ('error' in result || (answer && answer.message && !answer.items)) {
      // An optional message in the response is treated as an error (spec section 7).
      toast.error(answer?.message ?? errorMessage(result.error, ADD_TO_CART_FAILED[from]));
      await dispatch(syncCart());
      return false;
    }
    if (result.data?.items) dispatch(setCartFromServer(result.data.items));
    ruleToast();
    return true;
  };

/** Removes a line: one toast, the rule's 'Item removed from cart' once the server removed it, else only the error. */
export const removeFromCartAndSync =
  (key: string): Thunk =>
  async (dispatch, getState) => {
    const item = getState().cart.items.find((i) => i.key === key);
    dispatch(removeFromCart(key));
    const user = getState().session.userInfo;
    if (!user || !item) {
      toast.error(CART_TOASTS.removed);
      return;
    }
    const result = await dispatch(shopApi.endpoints.cartRemove.initiate({ productId: item.productId, variantSku: item.variantSku || undefined }));
    if ('error' in result) {
      toast.error(errorMessage(result.error));
      await dispatch(syncCart());
      return;
    }
    toast.error(CART_TOASTS.removed);
  };

export const setQuantityAndSync =
  (key: string, quantity: number): Thunk =>
  async (dispatch, getState) => {
    if (!Number.isFinite(quantity) || quantity < 1) return; // below 1 is ignored
    const item = getState().cart.items.find((i) => i.key === key);
    dispatch(updateQuantity({ key, quantity }));
    const user = getState().session.userInfo;
    if (!user || !item) return;
    const result = await dispatch(
      shopApi.endpoints.cartUpdate.initiate({
        updateCartDto: cartBody({ userId: user._id, productId: item.productId, quantity, variantSku: item.variantSku }),
      }),
    );
    if ('error' in result) {
      toast.error(errorMessage(result.error));
      await dispatch(syncCart());
    } else if (result.data?.items) dispatch(setCartFromServer(result.data.items));
  };
