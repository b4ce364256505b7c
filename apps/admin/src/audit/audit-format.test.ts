import { describe, expect, it } from 'vitest';
import { describeActor, describeEntry, formatAuditValue } from './audit-format';

describe('audit log formatting', () => {
  it('shows text as it is, other values as JSON, and an absent side as a dash', () => {
    expect(formatAuditValue({ field: 'name', before: 'Scarves', after: 'Shawls' }, 'before')).toBe('Scarves');
    expect(formatAuditValue({ field: 'priceCents', before: 1999, after: 2450 }, 'after')).toBe('2450');
    expect(formatAuditValue({ field: 'tags', after: ['a', 'b'] }, 'after')).toBe('["a","b"]');
    expect(formatAuditValue({ field: 'note', before: null }, 'before')).toBe('null');
    expect(formatAuditValue({ field: 'name', after: 'New' }, 'before')).toBe('—');
  });

  it('describes what was done and by whom', () => {
    expect(describeEntry({ action: 'update', resource: 'categories' })).toBe('Updated categories');
    expect(describeEntry({ action: 'delete', resource: 'products' })).toBe('Deleted products');
    expect(describeActor({ actor: { id: '1', name: 'Ann', email: 'ann@example.com' } })).toBe('Ann (ann@example.com)');
  });
});
