import type { Product } from '../models';

/** What the favourites list keeps of a product (matched by _id). */
export type FavoriteProduct = Pick<Product, '_id' | 'name' | 'price' | 'image'> & Partial<Pick<Product, 'images' | 'countInStock' | 'brand'>>;

export const FAVORITE_TOASTS = {
  login: 'Please login first',
  removed: 'Removed from favorites',
  added: 'Added to favorites',
  failed: 'Something went wrong',
} as const;

/** Add is ignored when the _id is already present. */
export function addFavorite(list: FavoriteProduct[], product: FavoriteProduct): FavoriteProduct[] {
  return list.some((p) => p._id === product._id) ? list : [...list, product];
}

export function removeFavorite(list: FavoriteProduct[], id: string): FavoriteProduct[] {
  return list.filter((p) => p._id !== id);
}

export function isFavorite(list: FavoriteProduct[], id: string): boolean {
  return list.some((p) => p._id === id);
}

export type FavoriteSort = 'cheapest' | 'expensive';

/** Sorting by price: cheapest or most expensive first. */
export function sortFavorites(list: FavoriteProduct[], sort: FavoriteSort): FavoriteProduct[] {
  return [...list].sort((a, b) => (sort === 'cheapest' ? a.price - b.price : b.price - a.price));
}

/** Favouriting while signed out is refused; otherwise the heart toggles. */
export function toggleOutcome(list: FavoriteProduct[], id: string, signedIn: boolean): 'login' | 'removed' | 'added' {
  if (!signedIn) return 'login';
  return isFavorite(list, id) ? 'removed' : 'added';
}

/** Union of the server's list and the local one, server order first. */
export function mergeFavorites(server: FavoriteProduct[], local: FavoriteProduct[]): FavoriteProduct[] {
  return local.reduce(addFavorite, server.reduce(addFavorite, [] as FavoriteProduct[]));
}
