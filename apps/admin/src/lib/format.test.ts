import { describe, expect, it } from 'vitest';
import { excerpt, formatPrice, truncate } from './format';

describe('format', () => {
  it('shows prices in dollars with two decimals', () => {
    expect(formatPrice(19.5)).toBe('$19.50');
    expect(formatPrice('3')).toBe('$3.00');
    expect(formatPrice(undefined)).toBe('$0.00');
  });
  it('keeps the first 160 characters of a description', () => {
    expect(truncate('a'.repeat(200), 160)).toHaveLength(160);
    expect(truncate('short', 160)).toBe('short');
    expect(truncate(null, 160)).toBe('');
  });
  it("adds '...' only to a description that was cut (issue #23, defect 11b)", () => {
    expect(excerpt('a'.repeat(161), 160)).toBe(`${'a'.repeat(160)}...`);
    expect(excerpt('a'.repeat(160), 160)).toBe('a'.repeat(160));
    expect(excerpt('short', 160)).toBe('short');
    expect(excerpt(undefined, 160)).toBe('');
  });
});
