import { describe, expect, it } from 'vitest';
import {
  FAVORITE_TOASTS,
  addFavorite,
  isFavorite,
  mergeFavorites,
  removeFavorite,
  sortFavorites,
  toggleOutcome,
  type FavoriteProduct,
} from './favorites-logic';

const p = (id: string, price: number): FavoriteProduct => ({ _id: id, name: `Item ${id}`, price, image: '' });

describe('favourites', () => {
  it('ignores an add when the _id is already present', () => {
    const list = addFavorite([p('a', 10)], p('a', 99));
    expect(list).toHaveLength(1);
    expect(list[0].price).toBe(10);
  });

  it('removes by _id', () => {
    expect(removeFavorite([p('a', 1), p('b', 2)], 'a').map((x) => x._id)).toEqual(['b']);
  });

  it('sorts cheapest or most expensive first without changing the list', () => {
    const list = [p('a', 30), p('b', 10), p('c', 20)];
    expect(sortFavorites(list, 'cheapest').map((x) => x._id)).toEqual(['b', 'c', 'a']);
    expect(sortFavorites(list, 'expensive').map((x) => x._id)).toEqual(['a', 'c', 'b']);
    expect(list.map((x) => x._id)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a guest and toggles for a signed-in user, with the spec texts', () => {
    expect(toggleOutcome([], 'a', false)).toBe('login');
    expect(FAVORITE_TOASTS.login).toBe('Please login first');
    expect(toggleOutcome([], 'a', true)).toBe('added');
    expect(FAVORITE_TOASTS.added).toBe('Added to favorites');
    expect(toggleOutcome([p('a', 1)], 'a', true)).toBe('removed');
    expect(FAVORITE_TOASTS.removed).toBe('Removed from favorites');
    expect(FAVORITE_TOASTS.failed).toBe('Something went wrong');
    expect(isFavorite([p('a', 1)], 'a')).toBe(true);
  });

  it('merges the server list with the local one without duplicates', () => {
    expect(mergeFavorites([p('a', 1), p('b', 2)], [p('b', 2), p('c', 3)]).map((x) => x._id)).toEqual(['a', 'b', 'c']);
  });
});
