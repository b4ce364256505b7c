import { toast } from '../../lib/toast';
import type { AppDispatch, RootState } from '../../app/store';
import { api } from '../../lib/api';
import type { Product } from '../../lib/models';
import { productsApi } from '../products/products-api';
import { FAVORITE_TOASTS, mergeFavorites, toggleOutcome, type FavoriteProduct } from './favorites-logic';
import { favoriteAdded, favoriteRemoved, favoritesSet } from './favorites-slice';

type Thunk<R = void> = (dispatch: AppDispatch, getState: () => RootState) => Promise<R>;

export function toFavorite(p: Pick<Product, '_id' | 'name' | 'price' | 'image'> & Partial<Product>): FavoriteProduct {
  return { _id: p._id, name: p.name, price: p.price, image: p.image, images: p.images, countInStock: p.countInStock, brand: p.brand };
}

const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    serverFavorites: build.query<unknown[], void>({
      query: () => '/api/users/favorites',
      transformResponse: (r: unknown) => (Array.isArray(r) ? r : (((r as { favorites?: unknown[] })?.favorites as unknown[]) ?? [])),
      providesTags: ['Favorite'],
    }),
    addServerFavorite: build.mutation<unknown, string>({
      query: (productId) => ({ url: '/api/users/favorites', method: 'POST', body: { productId } }),
      invalidatesTags: ['Favorite'],
    }),
    removeServerFavorite: build.mutation<unknown, string>({
      query: (productId) => ({ url: `/api/users/favorites/${encodeURIComponent(productId)}`, method: 'DELETE' }),
      invalidatesTags: ['Favorite'],
    }),
  }),
});

/** The heart: login first, then toggle, persist, and save on the server. */
export const toggleFavorite =
  (product: FavoriteProduct): Thunk =>
  async (dispatch, getState) => {
    const signedIn = !!getState().session.userInfo;
    const outcome = toggleOutcome(getState().favorites.items, product._id, signedIn);
    try {
      if (outcome === 'login') {
        toast.error(FAVORITE_TOASTS.login);
        return;
      }
      if (outcome === 'removed') {
        dispatch(favoriteRemoved(product._id));
        toast.info(FAVORITE_TOASTS.removed);
        await dispatch(favoritesApi.endpoints.removeServerFavorite.initiate(product._id)).unwrap();
      } else {
        dispatch(favoriteAdded(product));
        toast.success(FAVORITE_TOASTS.added);
        await dispatch(favoritesApi.endpoints.addServerFavorite.initiate(product._id)).unwrap();
      }
    } catch (error) {
      const status = (error as { status?: unknown })?.status;
      // The server list is an extra; the local list stays authoritative when the call is missing.
      if (status !== 404) toast.error(FAVORITE_TOASTS.failed);
    }
  };

/** On sign-in: merge the server list with the local one, and save local-only items on the server. */
export const syncFavorites = (): Thunk => async (dispatch, getState) => {
  if (!getState().session.userInfo) return;
  const result = await dispatch(favoritesApi.endpoints.serverFavorites.initiate(undefined, { forceRefetch: true }));
  if (!result.data) return;
  const local = getState().favorites.items;
  const server: FavoriteProduct[] = [];
  for (const entry of result.data) {
    if (entry && typeof entry === 'object' && '_id' in entry) server.push(toFavorite(entry as Product));
    else if (typeof entry === 'string') {
      const known = local.find((p) => p._id === entry);
      if (known) server.push(known);
      else {
        const product = await dispatch(productsApi.endpoints.product.initiate(entry));
        if (product.data) server.push(toFavorite(product.data));
      }
    }
  }
  const serverIds = new Set(result.data.map((e) => (typeof e === 'string' ? e : (e as { _id?: string })?._id)));
  dispatch(favoritesSet(mergeFavorites(server, local)));
  for (const p of local) if (!serverIds.has(p._id)) void dispatch(favoritesApi.endpoints.addServerFavorite.initiate(p._id));
};
