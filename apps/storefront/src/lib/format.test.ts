import { describe, expect, it } from 'vitest';
import { formatPrice, isObjectId, TIME_UNITS, timeAgo, truncate } from './format';

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

  it('writes every amount as en-US currency formatting (Intl) does, rounding included', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [
      0,
      -0,
      0.001,
      -0.001,
      0.005,
      0.015,
      0.125,
      1.005,
      2.675,
      9.995,
      99.999,
      999.995,
      1000,
      999999.999,
      12345678.9,
      9999999999999.5,
      1e13,
      1e15,
      1e-7,
      -0.5,
      -1234.565,
      0.1 + 0.2,
    ];
    for (let i = 0; i < 2000; i += 1) amounts.push(Math.round(Math.sin(i) * 10 ** (i % 9) * 1000) / 1000);
    for (const amount of amounts) expect([amount, formatPrice(amount)]).toEqual([amount, intl.format(amount)]);
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
  it('counts in minutes up to years, a year of 365 days and a month of 30', () => {
    expect(TIME_UNITS.map(([unit, seconds]) => `${unit} ${seconds}`)).toEqual([
      'year 31536000',
      'month 2592000',
      'week 604800',
      'day 86400',
      'hour 3600',
      'minute 60',
      'second 1',
    ]);
  });

  it('words every count as Intl.RelativeTimeFormat en (numeric: auto) does, from a minute to years, both ways', () => {
    const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const now = Date.UTC(2025, 0, 10);
    const spans = [45, 59, 60, 89, 90, 3599, 3600, 5400, 86399, 86400, 129600, 604800, 2592000, 31536000, 47304000, 31536000 * 1500];
    for (let i = 1; i < 400; i += 1) spans.push(Math.round(1.07 ** i));
    for (const span of spans) {
      for (const direction of [-1, 1]) {
        const seconds = direction * span;
        if (span < 45) continue;
        const [unit, size] = TIME_UNITS.find(([, s]) => span >= s)!;
        expect([seconds, timeAgo(now + seconds * 1000, now)]).toEqual([seconds, rtf.format(Math.round(seconds / size), unit)]);
      }
    }
  });

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
