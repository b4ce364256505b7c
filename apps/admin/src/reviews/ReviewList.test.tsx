import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test/render';
import { ReviewList } from './ReviewList';

const ROW = {
  _id: '6661f0a1b2c3d4e5f6a7b801',
  id: '6661f0a1b2c3d4e5f6a7b801',
  name: 'Ada',
  rating: 5,
  comment: 'Lovely colour',
  status: 'approved',
  createdAt: '2025-03-01T09:00:00.000Z',
  product: { _id: '6661f0a1b2c3d4e5f6a7b901', name: 'Corduroy jacket' },
  author: { _id: '6661f0a1b2c3d4e5f6a7ba01', name: 'Ada' },
};

/** The shop as the API sees it: 160 approved reviews, one of which says "lovely". */
function reviewApi() {
  const searched = (filter: Record<string, unknown>) => typeof filter.q === 'string' && filter.q.length > 0;
  return {
    getList: vi.fn((_resource: string, params: { filter: Record<string, unknown> }) => {
      if (searched(params.filter))
        return Promise.resolve({
          data: params.filter.status === 'approved' || !params.filter.status ? [ROW] : [],
          total: params.filter.status === 'approved' || !params.filter.status ? 1 : 0,
        });
      const totals: Record<string, number> = { pending: 4, approved: 160, rejected: 7 };
      const total = typeof params.filter.status === 'string' ? totals[params.filter.status] : 171;
      return Promise.resolve({ data: total ? [ROW] : [], total });
    }),
    getReviewCounts: vi.fn((filter: Record<string, unknown>) =>
      Promise.resolve(searched(filter) ? { all: 1, pending: 0, approved: 1, rejected: 0 } : { all: 171, pending: 4, approved: 160, rejected: 7 }),
    ),
    getMany: vi.fn(() => Promise.resolve({ data: [] })),
  };
}

describe('ReviewList status tabs', () => {
  it('count what the search lists, not every review of the shop', async () => {
    const api = reviewApi();
    renderInAdmin(<ReviewList />, {
      dataProvider: api,
      path: `/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ status: 'approved', q: 'lovely' }))}`,
    });
    await waitFor(() => expect(screen.getByTestId('reviews-tab-approved').textContent).toBe('Approved (1)'));
    expect(screen.getByTestId('reviews-tab-pending').textContent).toBe('Pending (0)');
    expect(screen.getByTestId('reviews-tab-all').textContent).toBe('All (1)');
    expect(api.getReviewCounts).toHaveBeenCalledWith({ q: 'lovely' });
  });

  it('count the whole shop when nothing is searched', async () => {
    renderInAdmin(<ReviewList />, { dataProvider: reviewApi(), path: '/admin/reviews' });
    await waitFor(() => expect(screen.getByTestId('reviews-tab-approved').textContent).toBe('Approved (160)'));
    expect(screen.getByTestId('reviews-tab-rejected').textContent).toBe('Rejected (7)');
  });
});
