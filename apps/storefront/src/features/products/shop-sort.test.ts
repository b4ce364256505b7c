import { describe, expect, it } from 'vitest';
import { activeFilterCount, listSort, parseShopSort, withSort } from './shop-sort';

describe('shop sort', () => {
  it('reads ?sort= and falls back to newest for anything unknown', () => {
    expect(parseShopSort('price_asc')).toBe('price_asc');
    expect(parseShopSort('top_rated')).toBe('top_rated');
    expect(parseShopSort(null)).toBe('newest');
    expect(parseShopSort('PRICE_ASC')).toBe('newest');
    expect(parseShopSort('-price')).toBe('newest');
  });

  it('maps each order to the list call', () => {
    expect(listSort('newest')).toBeUndefined();
    expect(listSort('price_asc')).toBe('price');
    expect(listSort('price_desc')).toBe('-price');
    expect(listSort('top_rated')).toBe('-rating');
  });

  it('keeps the other params, drops the page, and leaves the default out of the URL', () => {
    const params = new URLSearchParams('search=linen&page=3');
    expect(withSort(params, 'price_desc').toString()).toBe('search=linen&sort=price_desc');
    expect(withSort(new URLSearchParams('sort=price_asc&page=2'), 'newest').toString()).toBe('');
    expect(params.toString()).toBe('search=linen&page=3');
  });

  it('counts checked categories and a price range', () => {
    expect(activeFilterCount([], '')).toBe(0);
    expect(activeFilterCount(['a', 'b'], '')).toBe(2);
    expect(activeFilterCount(['a'], '0')).toBe(2);
    expect(activeFilterCount([], '4')).toBe(1);
  });
});
