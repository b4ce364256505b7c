import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  activeFilterCount,
  filtersOf,
  searchArgsOf,
  searchQueryString,
  toggleValue,
  withFilters,
  withSearch,
  type ShopFilters,
} from './shop-filters';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const filters = (f: Partial<ShopFilters>): ShopFilters => ({ ...NO_FILTERS, ...f });

describe('shop filters in the address', () => {
  it('reads ticked categories and the price range, ignoring what is malformed', () => {
    expect(filtersOf(new URLSearchParams(`category=${A},${B},nope,${A}&price=2`))).toEqual(filters({ category: [A, B], price: '2' }));
    expect(filtersOf(new URLSearchParams('price=9'))).toEqual(NO_FILTERS);
    expect(filtersOf(new URLSearchParams('price=-1'))).toEqual(NO_FILTERS);
    expect(filtersOf(new URLSearchParams('price=02'))).toEqual(filters({ price: '2' }));
  });

  it('reads brands, sizes and colours comma-separated or repeated, trimmed and each once, and in-stock as 1 or true', () => {
    const read = filtersOf(new URLSearchParams('brand=Nordic%20Wool,Atlas&size=40&size=41,%2042%20&size=40&colour=Black,,&inStock=1'));
    expect(read).toEqual(filters({ brand: ['Nordic Wool', 'Atlas'], size: ['40', '41', '42'], colour: ['Black'], inStock: true }));
    expect(filtersOf(new URLSearchParams('inStock=true')).inStock).toBe(true);
    expect(filtersOf(new URLSearchParams('inStock=0')).inStock).toBe(false);
    expect(filtersOf(new URLSearchParams(`size=${'x'.repeat(81)}`)).size).toEqual([]);
  });

  it("ticks a category route's category unless the address says otherwise", () => {
    expect(filtersOf(new URLSearchParams(''), A)).toEqual(filters({ category: [A] }));
    expect(filtersOf(new URLSearchParams('category='), A)).toEqual(NO_FILTERS);
    expect(filtersOf(new URLSearchParams(`category=${B}`), A)).toEqual(filters({ category: [B] }));
  });

  it('writes the filters, keeps the search and the sort, and goes back to the first page', () => {
    const next = withFilters(new URLSearchParams('search=tee&sort=price_asc&page=3'), filters({ category: [A, B], price: '1' }));
    expect(next.toString()).toBe(`search=tee&sort=price_asc&category=${A}%2C${B}&price=1`);
    expect(filtersOf(next)).toEqual(filters({ category: [A, B], price: '1' }));
    expect(withFilters(next, NO_FILTERS).toString()).toBe('search=tee&sort=price_asc');
  });

  it('writes every facet so that reading the address gives the same filters back; clearing them leaves nothing', () => {
    const all = filters({ category: [A], brand: ['Atlas', 'Nordic Wool'], size: ['40', '41'], colour: ['Navy'], price: '4', inStock: true });
    const next = withFilters(new URLSearchParams('page=2'), all);
    expect(next.toString()).toBe(`category=${A}&brand=Atlas%2CNordic+Wool&size=40%2C41&colour=Navy&price=4&inStock=1`);
    expect(filtersOf(next)).toEqual(all);
    expect(withFilters(next, NO_FILTERS).toString()).toBe('');
  });

  it("leaves a category route's own category out of the address, and writes an untick of it", () => {
    expect(withFilters(new URLSearchParams(''), filters({ category: [A] }), A).toString()).toBe('');
    const unticked = withFilters(new URLSearchParams(''), NO_FILTERS, A);
    expect(unticked.toString()).toBe('category=');
    expect(filtersOf(unticked, A)).toEqual(NO_FILTERS);
  });

  it('starts a new search at the first page, trimmed, keeping the sort and the filters; an empty one clears it', () => {
    const current = new URLSearchParams(`search=old&sort=price_asc&category=${A}&size=40&price=1&page=3`);
    expect(withSearch(current, '  linen shirt ').toString()).toBe(`search=linen+shirt&sort=price_asc&category=${A}&size=40&price=1`);
    expect(withSearch(current, '   ').toString()).toBe(`sort=price_asc&category=${A}&size=40&price=1`);
    expect(current.get('page')).toBe('3');
  });

  it('ticks and unticks a value, and counts every ticked value, the price range and in-stock', () => {
    const one = toggleValue(NO_FILTERS, 'size', '40');
    expect(one.size).toEqual(['40']);
    expect(toggleValue(toggleValue(one, 'size', '41'), 'size', '40').size).toEqual(['41']);
    expect(NO_FILTERS.size).toEqual([]);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount(filters({ category: [A, B] }))).toBe(2);
    expect(activeFilterCount(filters({ category: [A], price: '0' }))).toBe(2);
    expect(activeFilterCount(filters({ brand: ['Atlas'], size: ['40', '41'], colour: ['Navy'], price: '4', inStock: true }))).toBe(6);
  });
});

describe('the shop asks GET /api/search', () => {
  it('for the search text, each facet, the price range in dollars, in-stock, the order and the page', () => {
    const args = searchArgsOf({
      search: ' lether boots ',
      filters: filters({ category: [A], size: ['40', '41'], price: '2', inStock: true }),
      sort: 'relevance',
      page: 2,
    });
    expect(args).toEqual({
      q: 'lether boots',
      category: [A],
      size: ['40', '41'],
      minPrice: 50,
      maxPrice: 100,
      inStock: true,
      sort: 'relevance',
      page: 2,
      pageSize: 12,
    });
    expect(searchQueryString(args)).toBe(
      `q=lether+boots&category=${A}&size=40&size=41&minPrice=50&maxPrice=100&inStock=true&sort=relevance&page=2&pageSize=12`,
    );
  });

  it('with no upper bound for the last price range, and nothing for filters that are off', () => {
    const args = searchArgsOf({ search: '', filters: filters({ price: '4' }), sort: 'newest', page: 1 });
    expect(args).toEqual({ minPrice: 200, sort: 'newest', page: 1, pageSize: 12 });
    expect(searchQueryString(args)).toBe('minPrice=200&sort=newest&page=1&pageSize=12');
    expect(searchQueryString({ q: 'sneekers', pageSize: 5 })).toBe('q=sneekers&pageSize=5');
  });

  it('keeps a value with spaces or an ampersand as one value', () => {
    expect(searchQueryString({ brand: ['Salt & Pine'], colour: ['Light blue'] })).toBe('brand=Salt+%26+Pine&colour=Light+blue');
  });
});
