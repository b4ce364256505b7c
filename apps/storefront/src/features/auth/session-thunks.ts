import type { AppDispatch, RootState } from '../../app/store';
import { api } from '../../lib/api';
import type { UserInfo } from '../../lib/models';
import { toast } from '../../lib/toast';
import { clearCart } from '../cart/cart-slice';
import { favoritesCleared } from '../favorites/favorites-slice';
import { shopApi } from '../../lib/shop-api';
import { clearSession, setCredentials } from './session-slice';

type Thunk = (dispatch: AppDispatch, getState: () => RootState) => Promise<void>;

/** After any sign-in: store the credentials (SessionBootstrap then brings the server's cart and favourites in). */
export const signedIn =
  (info: UserInfo): Thunk =>
  async (dispatch) => {
    dispatch(setCredentials(info));
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
