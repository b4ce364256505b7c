import { describe, expect, it } from 'vitest';
import { clampQuantity, commitDraft, effectiveMax, parseDraft, sanitizeDraft, stepQuantity } from './quantity-logic';

describe('quantity field rules', () => {
  it('keeps only digits while typing, and an empty field stays empty', () => {
    expect(sanitizeDraft('')).toBe('');
    expect(sanitizeDraft('3')).toBe('3');
    expect(sanitizeDraft('1e2-.5 ')).toBe('125');
    expect(parseDraft('')).toBeNull();
    expect(parseDraft('07')).toBe(7);
  });

  it('clamps to min..stock, a stock below min still allowing min', () => {
    expect(clampQuantity(0, 1, 5)).toBe(1);
    expect(clampQuantity(-4, 1, 5)).toBe(1);
    expect(clampQuantity(3.7, 1, 5)).toBe(3);
    expect(clampQuantity(99, 1, 5)).toBe(5);
    expect(clampQuantity(99, 1, 0)).toBe(1);
    expect(clampQuantity(1000, 1)).toBe(1000);
    expect(clampQuantity(Number.NaN, 1, 5)).toBe(1);
    expect(effectiveMax(1, undefined)).toBe(Number.POSITIVE_INFINITY);
    expect(effectiveMax(1, 0)).toBe(1);
  });

  it('commits the typed number (3 over 8 is 3, not 83), clamped, and an emptied field keeps the quantity it had', () => {
    expect(commitDraft('3', 8, 1, 20)).toBe(3);
    expect(commitDraft('12', 1, 1, 20)).toBe(12);
    expect(commitDraft('50', 1, 1, 7)).toBe(7);
    expect(commitDraft('0', 4, 1, 7)).toBe(1);
    expect(commitDraft('', 4, 1, 7)).toBe(4);
  });

  it('steps from what the field shows, within the bounds', () => {
    expect(stepQuantity('3', 1, 1, 1, 5)).toBe(4);
    expect(stepQuantity('5', 5, 1, 1, 5)).toBe(5);
    expect(stepQuantity('1', 1, -1, 1, 5)).toBe(1);
    expect(stepQuantity('', 4, -1, 1, 5)).toBe(3);
    expect(stepQuantity('40', 2, -1, 1, 5)).toBe(4);
    expect(stepQuantity('2', 2, 10, 1, 5)).toBe(5);
  });
});
