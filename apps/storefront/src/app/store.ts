import { configureStore } from '@reduxjs/toolkit';
import { api, setUnauthorizedHandler } from '../lib/api';
import { clearSession, sessionReducer } from '../lib/session';
import { cartReducer, clearCart } from '../lib/cart/cart-slice';
import { favoritesReducer, favoritesCleared } from '../lib/favorites/favorites-slice';
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

// The features' view of the state (lib/store-hooks.ts) is this store's state.
declare module '../lib/store-hooks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges RootState into ShopState
  interface ShopState extends RootState {}
}

export { useAppDispatch, useAppSelector } from '../lib/store-hooks';
