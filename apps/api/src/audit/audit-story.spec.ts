import type { DocumentChange } from '@shop/database';
import { fieldName, labelOf, tellAuditStory, valueText } from './audit-story';

const ORDER_ID = '6b0a537e10476ad77df4ff87';
const PRODUCT_ID = '665f1c2e9d1e8a0012345678';
const REVIEW_ID = '665f1c2e9d1e8a00123456aa';

function change(partial: Partial<DocumentChange> & Pick<DocumentChange, 'resource' | 'documentId'>): DocumentChange {
  return { action: 'update', changes: [], before: {}, after: {}, ...partial };
}

describe('tellAuditStory: one admin request in words', () => {
  it('tells a refund with the order number, the amount and the reason, its restock and bookkeeping folded in and hidden', () => {
    const order = { _id: ORDER_ID, totalCents: 2610, refundReason: 'damaged in transit', status: 'cancelled' };
    const story = tellAuditStory({ method: 'POST', route: '/api/orders/:id/refund', params: { id: ORDER_ID } }, [
      change({
        resource: 'orders',
        documentId: ORDER_ID,
        before: { ...order, status: 'paid', refundReason: undefined },
        after: order,
        changes: [
          { field: 'status', before: 'paid', after: 'cancelled' },
          { field: 'refundReason', after: 'damaged in transit' },
          { field: 'pendingMails', after: ['status:cancelled'] },
          { field: 'restockPending', after: true },
          { field: 'statusHistory', before: [], after: [{}] },
        ],
      }),
      change({
        resource: 'products',
        documentId: PRODUCT_ID,
        after: { name: 'Wool Beanie' },
        changes: [
          { field: 'countInStock', before: 39, after: 40 },
          { field: 'restockMarks', after: ['x'] },
        ],
      }),
      change({
        resource: 'orders',
        documentId: ORDER_ID,
        before: order,
        after: order,
        changes: [
          { field: 'pendingMails', before: ['status:cancelled'] },
          { field: 'restockPending', before: true },
        ],
      }),
    ]);
    expect(story).toMatchObject({
      action: 'refund',
      resource: 'orders',
      documentId: ORDER_ID,
      label: '#7DF4FF87',
      summary: 'Refunded order #7DF4FF87, $26.10: damaged in transit',
    });
    expect(story?.changes.map((c) => c.field)).toEqual(['status', 'refundReason']);
    expect(story?.records.map((r) => `${r.resource}:${r.label}:${r.changes.map((c) => c.field).join('+')}`)).toEqual([
      'orders:#7DF4FF87:status+refundReason',
      'products:Wool Beanie:countInStock',
    ]);
  });

  it('tells a review rejection by the reviewer and the product, leaving the counters out', () => {
    const review = { _id: REVIEW_ID, name: 'Jane', rating: 2, comment: 'Itchy' };
    const story = tellAuditStory({ method: 'PATCH', route: '/api/reviews/status', params: {} }, [
      change({
        resource: 'products',
        documentId: PRODUCT_ID,
        before: { name: 'Wool Beanie', reviews: [review] },
        after: { name: 'Wool Beanie', reviews: [{ ...review, status: 'rejected' }] },
        changes: [
          { field: 'reviews', before: [], after: [] },
          { field: 'numReviews', before: 1, after: 0 },
          { field: 'ratingTotal', before: 2, after: 0 },
        ],
      }),
    ]);
    expect(story).toMatchObject({ action: 'reject', label: 'Wool Beanie', summary: 'Rejected review by Jane on Wool Beanie' });
    // The review's status, not the whole list of reviews.
    expect(story?.changes).toEqual([{ field: 'review by Jane.status', before: 'approved', after: 'rejected' }]);
  });

  it('tells an edit with the edited fields before and after, money in dollars', () => {
    const story = tellAuditStory({ method: 'PUT', route: '/api/products/:id', params: { id: PRODUCT_ID } }, [
      change({
        resource: 'products',
        documentId: PRODUCT_ID,
        after: { name: 'Wool Beanie' },
        changes: [
          { field: 'priceCents', before: 2000, after: 1800 },
          { field: 'updatedAt', before: 'a', after: 'b' },
        ],
      }),
    ]);
    expect(story?.summary).toBe('Updated product Wool Beanie: price $20.00 → $18.00');
  });

  it('tells nothing when only bookkeeping changed', () => {
    expect(
      tellAuditStory({ method: 'POST', route: '/api/x', params: {} }, [
        change({ resource: 'orders', documentId: ORDER_ID, changes: [{ field: 'pendingMails', before: ['a'] }] }),
      ]),
    ).toBeUndefined();
    expect(
      tellAuditStory({ method: 'POST', route: '/api/x', params: {} }, [
        change({ resource: 'user_tokens', documentId: ORDER_ID, action: 'create', changes: [{ field: 'jti', after: 'x' }] }),
      ]),
    ).toBeUndefined();
  });

  it('names records and fields as people read them', () => {
    expect(labelOf('orders', ORDER_ID, null)).toBe('#7DF4FF87');
    expect(labelOf('coupons', PRODUCT_ID, { code: 'SPRING10' })).toBe('SPRING10');
    expect(labelOf('things', PRODUCT_ID, {})).toBe(PRODUCT_ID);
    expect(fieldName('compareAtPriceCents')).toBe('compare at price');
    expect(valueText('priceCents', 1999)).toBe('$19.99');
    expect(valueText('name', undefined)).toBe('(none)');
  });
});
