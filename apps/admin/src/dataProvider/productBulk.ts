/**
 * Bulk actions on products go through one call of the API, PATCH /api/products/bulk (at most 100 ids a call),
 * instead of one PUT or DELETE per product. react-admin's updateMany and deleteMany end up here.
 */
import type { Identifier } from 'react-admin';
import type { Schemas } from '../lib/api-types';
import type { HttpClient } from './httpClient';
import { API_URL } from './resources';

export type BulkProductsInput = Schemas['BulkProductsInputDto'];
export type BulkProductsAnswer = Schemas['BulkProductsAnswerDto'];
export type BulkProductAction = BulkProductsInput['action'];

/** The API's limit of ids per bulk call. */
export const MAX_BULK_IDS = 100;

const DONE: Record<BulkProductAction, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  setCategory: 'moved',
  delete: 'deleted',
};

/**
 * The bulk action an updateMany's data stands for: {status: 'published'} publishes, {status: 'draft'}
 * unpublishes, {category} moves. Anything else has no bulk route (null).
 */
export function bulkActionFor(data: Record<string, unknown>): Omit<BulkProductsInput, 'ids'> | null {
  const keys = Object.keys(data).filter((k) => data[k] !== undefined);
  if (keys.length !== 1) return null;
  if (keys[0] === 'status' && data.status === 'published') return { action: 'publish' };
  if (keys[0] === 'status' && data.status === 'draft') return { action: 'unpublish' };
  if (keys[0] === 'category' && typeof data.category === 'string' && data.category) return { action: 'setCategory', category: data.category };
  return null;
}

/** One sentence for the products the action could not be done to, e.g. '1 of 3 products was not published: Product not found'. */
export function failureMessage(action: BulkProductAction, failed: BulkProductsAnswer['results'], total: number): string {
  const reasons = [...new Set(failed.map((r) => r.message ?? 'unknown error'))].join('; ');
  return `${failed.length} of ${total} product${total === 1 ? '' : 's'} ${failed.length === 1 ? 'was' : 'were'} not ${DONE[action]}: ${reasons}`;
}

/**
 * Runs the action on every id, 100 at a time, and answers the ids it was done to. When some could not be
 * changed, it fails with a message naming how many and why (the others stay changed).
 */
export async function runProductBulk(http: HttpClient, ids: readonly Identifier[], input: Omit<BulkProductsInput, 'ids'>): Promise<Identifier[]> {
  const done: Identifier[] = [];
  const failed: BulkProductsAnswer['results'] = [];
  for (let start = 0; start < ids.length; start += MAX_BULK_IDS) {
    const chunk = ids.slice(start, start + MAX_BULK_IDS).map(String);
    const body: BulkProductsInput = { ...input, ids: chunk };
    const { json } = await http(`${API_URL}/products/bulk`, { method: 'PATCH', body: JSON.stringify(body) });
    const answer = json as BulkProductsAnswer;
    for (const result of answer.results) {
      if (result.ok) done.push(result.id);
      else failed.push(result);
    }
  }
  if (failed.length > 0) throw new Error(failureMessage(input.action, failed, ids.length));
  return done;
}
