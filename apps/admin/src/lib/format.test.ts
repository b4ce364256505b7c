import { describe, expect, it } from 'vitest';
import { formatPrice, truncate } from './format';

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
});
