import { describe, expect, it } from 'vitest';
import { filtersOf, withFilters, withSearch } from './shop-filters';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

describe('shop filters in the address', () => {
  it('reads ticked categories and the price range, ignoring what is malformed', () => {
    expect(filtersOf(new URLSearchParams(`category=${A},${B},nope,${A}&price=2`))).toEqual({ checked: [A, B], radio: '2' });
    expect(filtersOf(new URLSearchParams('price=9'))).toEqual({ checked: [], radio: '' });
    expect(filtersOf(new URLSearchParams('price=-1'))).toEqual({ checked: [], radio: '' });
    expect(filtersOf(new URLSearchParams('price=02'))).toEqual({ checked: [], radio: '2' });
  });

  it("ticks a category route's category unless the address says otherwise", () => {
    expect(filtersOf(new URLSearchParams(''), A)).toEqual({ checked: [A], radio: '' });
    expect(filtersOf(new URLSearchParams('category='), A)).toEqual({ checked: [], radio: '' });
    expect(filtersOf(new URLSearchParams(`category=${B}`), A)).toEqual({ checked: [B], radio: '' });
  });

  it('writes the filters, keeps the search and the sort, and goes back to the first page', () => {
    const next = withFilters(new URLSearchParams('search=tee&sort=price_asc&page=3'), { checked: [A, B], radio: '1' });
    expect(next.toString()).toBe(`search=tee&sort=price_asc&category=${A}%2C${B}&price=1`);
    expect(filtersOf(next)).toEqual({ checked: [A, B], radio: '1' });
    expect(withFilters(next, { checked: [], radio: '' }).toString()).toBe('search=tee&sort=price_asc');
  });

  it("leaves a category route's own category out of the address, and writes an untick of it", () => {
    expect(withFilters(new URLSearchParams(''), { checked: [A], radio: '' }, A).toString()).toBe('');
    const unticked = withFilters(new URLSearchParams(''), { checked: [], radio: '' }, A);
    expect(unticked.toString()).toBe('category=');
    expect(filtersOf(unticked, A)).toEqual({ checked: [], radio: '' });
  });

  it('starts a new search at the first page, trimmed, keeping the sort and the filters; an empty one clears it', () => {
    const current = new URLSearchParams(`search=old&sort=price_asc&category=${A}&price=1&page=3`);
    expect(withSearch(current, '  linen shirt ').toString()).toBe(`search=linen+shirt&sort=price_asc&category=${A}&price=1`);
    expect(withSearch(current, '   ').toString()).toBe(`sort=price_asc&category=${A}&price=1`);
    expect(current.get('page')).toBe('3');
  });
});
