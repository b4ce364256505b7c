import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from './httpClient';
import { bulkActionFor, runProductBulk, type BulkProductsAnswer } from './productBulk';

const ID = (n: number) => n.toString(16).padStart(24, '0');

/** A fake http client answering PATCH /api/products/bulk: every id ok except those listed as missing. */
function fakeBulk(missing: string[] = []) {
  const bodies: { ids: string[]; action: string }[] = [];
  const http = vi.fn(async (_url: string, options?: { body?: unknown }) => {
    const body = JSON.parse(String(options?.body)) as { ids: string[]; action: string };
    bodies.push(body);
    const results = body.ids.map((id) =>
      missing.includes(id)
        ? { id, ok: false, status: null, code: 'PRODUCT_NOT_FOUND' as const, message: 'Product not found' }
        : { id, ok: true, status: 'published' as const, code: null, message: null },
    );
    const json: BulkProductsAnswer = {
      action: 'publish',
      succeeded: results.filter((r) => r.ok).length,
      failed: results.filter((r) => !r.ok).length,
      results,
    };
    return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
  });
  return { http: http as unknown as HttpClient, bodies, calls: http };
}

describe('product bulk actions', () => {
  it('maps react-admin updateMany data onto the bulk actions', () => {
    expect(bulkActionFor({ status: 'published' })).toEqual({ action: 'publish' });
    expect(bulkActionFor({ status: 'draft' })).toEqual({ action: 'unpublish' });
    expect(bulkActionFor({ category: 'c1' })).toEqual({ action: 'setCategory', category: 'c1' });
    expect(bulkActionFor({ status: 'rejected' })).toBeNull();
    expect(bulkActionFor({ status: 'published', name: 'x' })).toBeNull();
  });

  it('sends at most 100 ids a call and answers the ids done', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => ID(i + 1));
    const { http, bodies } = fakeBulk();
    expect(await runProductBulk(http, ids, { action: 'publish' })).toEqual(ids);
    expect(bodies.map((b) => b.ids.length)).toEqual([100, 50]);
    expect(bodies[0].action).toBe('publish');
  });

  it('fails with how many were not done and why', async () => {
    const { http } = fakeBulk([ID(2)]);
    await expect(runProductBulk(http, [ID(1), ID(2), ID(3)], { action: 'delete' })).rejects.toThrow(
      '1 of 3 products was not deleted: Product not found',
    );
  });
});
