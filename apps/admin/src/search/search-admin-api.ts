/**
 * The console's calls of the search admin API: GET/PUT /api/search/synonyms (groups of words or phrases that mean
 * the same to the shop's search, e.g. ["tee", "t-shirt", "tshirt"]) and GET /api/search/misses (the searches that
 * found nothing, most frequent first).
 */
import { createHttpClient, type HttpClient } from '../dataProvider/httpClient';
import { API_URL } from '../dataProvider/resources';
import type { SearchMisses, SynonymGroups } from '../lib/api-types';

/** How many zero-result queries the console lists. */
export const MISSES_SHOWN = 20;

export interface SearchAdminApi {
  getSynonyms(): Promise<SynonymGroups>;
  saveSynonyms(groups: string[][]): Promise<SynonymGroups>;
  getMisses(limit?: number): Promise<SearchMisses>;
}

export function createSearchAdminApi(http: HttpClient = createHttpClient()): SearchAdminApi {
  return {
    async getSynonyms() {
      const { json } = await http(`${API_URL}/search/synonyms`);
      return { groups: Array.isArray((json as SynonymGroups | null)?.groups) ? (json as SynonymGroups).groups : [] };
    },
    async saveSynonyms(groups) {
      const { json } = await http(`${API_URL}/search/synonyms`, { method: 'PUT', body: JSON.stringify({ groups }) });
      return { groups: Array.isArray((json as SynonymGroups | null)?.groups) ? (json as SynonymGroups).groups : groups };
    },
    async getMisses(limit = MISSES_SHOWN) {
      const { json } = await http(`${API_URL}/search/misses?limit=${limit}`);
      return { items: Array.isArray((json as SearchMisses | null)?.items) ? (json as SearchMisses).items : [] };
    },
  };
}
