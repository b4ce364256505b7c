import { describe, expect, it } from 'vitest';
import { formatPrice, isObjectId, timeAgo, truncate } from './format';

describe('formatPrice', () => {
  it('shows dollars with two decimals', () => {
    expect(formatPrice(19)).toBe('$19.00');
    expect(formatPrice(0.5)).toBe('$0.50');
  });

  it('separates thousands and puts the sign before the dollar sign', () => {
    expect(formatPrice(1175)).toBe('$1,175.00');
    expect(formatPrice(1234567.891)).toBe('$1,234,567.89');
    expect(formatPrice(-12.8)).toBe('-$12.80');
    expect(formatPrice(undefined)).toBe('$0.00');
    expect(formatPrice(Number.NaN)).toBe('$0.00');
  });
});

describe('truncate', () => {
  it('cuts to 150 characters and adds ...', () => {
    const long = 'x'.repeat(200);
    expect(truncate(long, 150)).toBe(`${'x'.repeat(150)}...`);
    expect(truncate('short', 150)).toBe('short');
    expect(truncate('y'.repeat(150), 150)).toBe('y'.repeat(150));
  });
});

describe('timeAgo', () => {
  it('describes a date relative to now', () => {
    const now = Date.UTC(2025, 0, 10);
    expect(timeAgo(now - 3 * 24 * 3600 * 1000, now)).toBe('3 days ago');
    expect(timeAgo(now - 2 * 3600 * 1000, now)).toBe('2 hours ago');
    expect(timeAgo(now - 5000, now)).toBe('just now');
  });
});

describe('isObjectId', () => {
  it('accepts 24 hex characters only', () => {
    expect(isObjectId('65a1b2c3d4e5f60718293a4b')).toBe(true);
    expect(isObjectId('my-first-post')).toBe(false);
  });
});
