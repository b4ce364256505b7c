import { describe, expect, it } from 'vitest';
import { ACTION_CHOICES, describeActor, describeEntry, fieldLabel, formatAuditValue, recordPath, recordTypeLabel } from './audit-format';

describe('audit log formatting', () => {
  it('shows money in dollars, text as it is, other values as JSON, and an absent side as a dash', () => {
    expect(formatAuditValue({ field: 'name', before: 'Scarves', after: 'Shawls' }, 'before')).toBe('Scarves');
    expect(formatAuditValue({ field: 'priceCents', before: 2000, after: 1800 }, 'after')).toBe('$18.00');
    expect(formatAuditValue({ field: 'countInStock', before: 3, after: 4 }, 'after')).toBe('4');
    expect(formatAuditValue({ field: 'tags', after: ['a', 'b'] }, 'after')).toBe('["a","b"]');
    expect(formatAuditValue({ field: 'note', before: null }, 'before')).toBe('null');
    expect(formatAuditValue({ field: 'name', after: 'New' }, 'before')).toBe('—');
  });

  it('names fields as people read them', () => {
    expect(fieldLabel('priceCents')).toBe('price');
    expect(fieldLabel('countInStock')).toBe('count in stock');
    expect(fieldLabel('shippingAddress.city')).toBe('shipping address city');
    expect(fieldLabel('review by Jane.status')).toBe('review by Jane status');
  });

  it("tells what was done in the API's words, and by whom", () => {
    expect(describeEntry({ summary: 'Refunded order #7DF4FF87, $26.10: damaged in transit' })).toBe(
      'Refunded order #7DF4FF87, $26.10: damaged in transit',
    );
    expect(describeActor({ actor: { id: '1', name: 'Ann', email: 'ann@example.com' } })).toBe('Ann (ann@example.com)');
    expect(ACTION_CHOICES.map((c) => c.id)).toEqual(expect.arrayContaining(['create', 'update', 'delete', 'refund', 'reject']));
  });

  it('links each record to its console page, and names record types', () => {
    const id = '6b0a537e10476ad77df4ff87';
    expect(recordPath('orders', id)).toBe(`/orders/${id}/show`);
    expect(recordPath('products', id)).toBe(`/products/${id}`);
    expect(recordPath('users', id)).toBe(`/customers/${id}/show`);
    expect(recordPath('categories', id)).toBe('/categorylist');
    expect(recordPath('seed_runs', id)).toBeUndefined();
    expect(recordTypeLabel('orders')).toBe('Orders');
    expect(recordTypeLabel('stock_moves')).toBe('stock_moves');
  });
});
