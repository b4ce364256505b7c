import { describe, expect, it } from 'vitest';
import { defaultShopSort, parseShopSort, shopSortOptions, withSort } from './shop-sort';

describe('shop sort in the address', () => {
  it('reads a known order; anything else is the default: newest without a search text, relevance with one', () => {
    expect(parseShopSort('price_asc', false)).toBe('price_asc');
    expect(parseShopSort('top_rated', true)).toBe('top_rated');
    expect(parseShopSort(null, false)).toBe('newest');
    expect(parseShopSort(null, true)).toBe('relevance');
    expect(parseShopSort('PRICE_ASC', false)).toBe('newest');
    expect(parseShopSort('-price', true)).toBe('relevance');
    // Relevance means nothing without a search text.
    expect(parseShopSort('relevance', false)).toBe('newest');
    expect(parseShopSort('relevance', true)).toBe('relevance');
    expect(parseShopSort('newest', true)).toBe('newest');
  });

  it('offers Relevance first only while there is a search text', () => {
    expect(shopSortOptions(true).map((o) => o.label)).toEqual(['Relevance', 'Newest', 'Price: low to high', 'Price: high to low', 'Top rated']);
    expect(shopSortOptions(false).map((o) => o.value)).toEqual(['newest', 'price_asc', 'price_desc', 'top_rated']);
    expect(defaultShopSort(true)).toBe('relevance');
    expect(defaultShopSort(false)).toBe('newest');
  });

  it('keeps the other params, drops the page, and leaves the default of the moment out of the URL', () => {
    const params = new URLSearchParams('search=linen&page=3');
    expect(withSort(params, 'price_desc', true).toString()).toBe('search=linen&sort=price_desc');
    expect(withSort(new URLSearchParams('sort=price_asc&page=2'), 'newest', false).toString()).toBe('');
    expect(withSort(new URLSearchParams('search=linen&sort=price_asc'), 'relevance', true).toString()).toBe('search=linen');
    // With a search text, newest is a choice of its own: it stays in the URL.
    expect(withSort(new URLSearchParams('search=linen'), 'newest', true).toString()).toBe('search=linen&sort=newest');
    expect(params.toString()).toBe('search=linen&page=3');
  });
});
