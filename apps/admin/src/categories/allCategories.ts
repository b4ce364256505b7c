import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CategoryRecord } from '../lib/api-types';

/** The API's largest page of categories (CATEGORY_LIST_SPEC.maxPageSize). */
export const CATEGORY_PAGE = 200;

/**
 * Every record of a list, page after page until the server's total is reached (or a short page): for a
 * dropdown that must not be cut at the first page (issue #23, defect 10).
 */
export async function fetchAllPages<T>(
  getPage: (page: number) => Promise<{ data: T[]; total?: number }>,
  perPage: number,
  maxPages = 500,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { data, total } = await getPage(page);
    all.push(...data);
    if (data.length < perPage || (total !== undefined && all.length >= total)) break;
  }
  return all;
}

export function fetchAllCategories(dataProvider: Pick<DataProvider, 'getList'>): Promise<CategoryRecord[]> {
  return fetchAllPages(
    (page) =>
      dataProvider.getList<CategoryRecord>('categories', {
        pagination: { page, perPage: CATEGORY_PAGE },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      }),
    CATEGORY_PAGE,
  );
}

/** All categories, by name, for a category dropdown (use instead of one getList page of 100). */
export function useAllCategories() {
  const dataProvider = useDataProvider();
  return useQuery({ queryKey: ['categories', 'all'], queryFn: () => fetchAllCategories(dataProvider) });
}
