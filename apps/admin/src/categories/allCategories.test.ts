import { describe, expect, it, vi } from 'vitest';
import { CATEGORY_PAGE, fetchAllCategories, fetchAllPages } from './allCategories';

describe('fetchAllPages', () => {
  it('reads page after page until the total is reached', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => i);
    const getPage = vi.fn(async (page: number) => ({ data: rows.slice((page - 1) * 100, page * 100), total: rows.length }));
    expect(await fetchAllPages(getPage, 100)).toEqual(rows);
    expect(getPage).toHaveBeenCalledTimes(3);
  });

  it('stops at an exactly full last page by the total, and at a short page without one', async () => {
    const full = vi.fn(async (page: number) => ({ data: page <= 2 ? [page, page] : [], total: 4 }));
    expect(await fetchAllPages(full, 2)).toEqual([1, 1, 2, 2]);
    expect(full).toHaveBeenCalledTimes(2);
    const untotalled = vi.fn(async (page: number) => ({ data: page === 1 ? [1, 2] : [3] }));
    expect(await fetchAllPages(untotalled, 2)).toEqual([1, 2, 3]);
  });
});

describe('fetchAllCategories', () => {
  it('asks the data provider for categories by name, a full page at a time, past the first 100', async () => {
    const names = Array.from({ length: CATEGORY_PAGE + 30 }, (_, i) => ({ id: `c${i}`, name: `Category ${i}` }));
    const getList = vi.fn(async (_resource: string, params: { pagination?: { page: number; perPage: number } }) => {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
      return { data: names.slice((page - 1) * perPage, page * perPage), total: names.length };
    });
    const all = await fetchAllCategories({ getList } as never);
    expect(all).toHaveLength(CATEGORY_PAGE + 30);
    expect(getList).toHaveBeenCalledWith('categories', {
      pagination: { page: 2, perPage: CATEGORY_PAGE },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
  });
});
