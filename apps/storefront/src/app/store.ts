import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api, setUnauthorizedHandler } from '../lib/api';
import { clearSession, sessionReducer } from '../features/auth/session-slice';
import { cartReducer, clearCart } from '../features/cart/cart-slice';
import { favoritesReducer, favoritesCleared } from '../features/favorites/favorites-slice';
import { themeReducer } from '../features/theme/theme-slice';

export function makeStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      session: sessionReducer,
      theme: themeReducer,
      cart: cartReducer,
      favorites: favoritesReducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // A token the server no longer accepts (expired, revoked): drop the local session.
  setUnauthorizedHandler(() => {
    store.dispatch(clearSession());
    store.dispatch(clearCart());
    store.dispatch(favoritesCleared());
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
