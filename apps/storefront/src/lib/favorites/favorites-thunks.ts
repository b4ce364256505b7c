import { toast } from '../toast';
import type { ShopDispatch, ShopState } from '../store-hooks';
import { shopApi } from '../shop-api';
import type { Product } from '../models';
import { FAVORITE_TOASTS, mergeFavorites, toggleOutcome, type FavoriteProduct } from './favorites-logic';
import { favoriteAdded, favoriteRemoved, favoritesSet } from './favorites-slice';

type Thunk<R = void> = (dispatch: ShopDispatch, getState: () => ShopState) => Promise<R>;

export function toFavorite(p: Pick<Product, '_id' | 'name' | 'price' | 'image'> & Partial<Product>): FavoriteProduct {
  return { _id: p._id, name: p.name, price: p.price, image: p.image, images: p.images, countInStock: p.countInStock, brand: p.brand };
}

/**
 * The heart: login first, then toggle at once, persist, and save on the server. One outcome, one toast: 'Added
 * to favorites' or 'Removed from favorites' once the server saved it; when it refused, the heart goes back and only
 * 'Something went wrong' shows. A server without the favourites call (404) leaves the local list authoritative.
 */
export const toggleFavorite =
  (product: FavoriteProduct): Thunk =>
  async (dispatch, getState) => {
    const signedIn = !!getState().session.userInfo;
    const outcome = toggleOutcome(getState().favorites.items, product._id, signedIn);
    if (outcome === 'login') {
      toast.error(FAVORITE_TOASTS.login);
      return;
    }
    const done = () => (outcome === 'removed' ? toast.info(FAVORITE_TOASTS.removed) : toast.success(FAVORITE_TOASTS.added));
    try {
      if (outcome === 'removed') {
        dispatch(favoriteRemoved(product._id));
        await dispatch(shopApi.endpoints.favoritesRemove.initiate({ productId: product._id })).unwrap();
      } else {
        dispatch(favoriteAdded(product));
        await dispatch(shopApi.endpoints.favoritesAdd.initiate({ addFavoriteDto: { productId: product._id } })).unwrap();
      }
      done();
    } catch (error) {
      const status = (error as { status?: unknown })?.status;
      // The server list is an extra; the local list stays authoritative when the call is missing.
      if (status === 404) {
        done();
        return;
      }
      dispatch(outcome === 'removed' ? favoriteAdded(product) : favoriteRemoved(product._id));
      toast.error(FAVORITE_TOASTS.failed);
    }
  };

/** On sign-in: merge the server list with the local one, and save local-only items on the server. */
export const syncFavorites = (): Thunk => async (dispatch, getState) => {
  if (!getState().session.userInfo) return;
  const result = await dispatch(shopApi.endpoints.favoritesList.initiate(undefined, { forceRefetch: true }));
  if (!result.data) return;
  const local = getState().favorites.items;
  const server: FavoriteProduct[] = [];
  // FavoriteProductDto[]; an older server listed bare product ids, which are looked up.
  const entries: unknown[] = result.data;
  for (const entry of entries) {
    if (entry && typeof entry === 'object' && '_id' in entry) server.push(toFavorite(entry as Product));
    else if (typeof entry === 'string') {
      const known = local.find((p) => p._id === entry);
      if (known) server.push(known);
      else {
        const product = await dispatch(shopApi.endpoints.productsGet.initiate({ id: entry }));
        if (product.data) server.push(toFavorite(product.data));
      }
    }
  }
  const serverIds = new Set(entries.map((e) => (typeof e === 'string' ? e : (e as { _id?: string })?._id)));
  dispatch(favoritesSet(mergeFavorites(server, local)));
  for (const p of local) if (!serverIds.has(p._id)) void dispatch(shopApi.endpoints.favoritesAdd.initiate({ addFavoriteDto: { productId: p._id } }));
};
