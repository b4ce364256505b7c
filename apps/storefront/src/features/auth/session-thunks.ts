import type { ShopDispatch, ShopState } from '../../lib/store-hooks';
import { api } from '../../lib/api';
import type { UserInfo } from '../../lib/models';
import { toast } from '../../lib/toast';
import { clearCart } from '../../lib/cart/cart-slice';
import { favoritesCleared } from '../../lib/favorites/favorites-slice';
import { shopApi } from '../../lib/shop-api';
import { clearSession, setCredentials } from '../../lib/session';

type Thunk = (dispatch: ShopDispatch, getState: () => ShopState) => Promise<void>;

/** After any sign-in: store the credentials (SessionBootstrap then brings the server's cart and favourites in). */
export const signedIn =
  (info: UserInfo): Thunk =>
  (dispatch) => {
    dispatch(setCredentials(info));
    return Promise.resolve();
  };

/** Logout: the server is called (a failure is only logged), local state and all storage cleared, 'Logged Out'. */
export const logout = (): Thunk => async (dispatch) => {
  try {
    await dispatch(shopApi.endpoints.usersLogout.initiate()).unwrap();
  } catch (error) {
    console.error('Logout failed on the server', error);
  }
  dispatch(clearSession());
  dispatch(clearCart());
  dispatch(favoritesCleared());
  dispatch(api.util.resetApiState());
  toast.success('Logged Out');
};
