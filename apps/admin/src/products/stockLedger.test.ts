import { describe, expect, it } from 'vitest';
import { adjustmentBody, signed } from './stockLedger';

const plain = { countInStock: 3, variants: [] };
const sized = {
  countInStock: 7,
  variants: [
    { sku: 'B-41', countInStock: 2 },
    { sku: 'B-42', countInStock: 5 },
  ],
};

describe('stock adjustment form', () => {
  it('turns the form into the API body with the note trimmed', () => {
    expect(adjustmentBody({ variantSku: '', change: ' -2 ', reason: 'adjustment', note: ' 2 damaged ' }, plain)).toEqual({
      body: { delta: -2, reason: 'adjustment', note: '2 damaged' },
    });
    expect(adjustmentBody({ variantSku: 'B-41', change: '4', reason: 'restock', note: '' }, sized)).toEqual({
      body: { delta: 4, reason: 'restock', variantSku: 'B-41' },
    });
  });

  it('refuses 0, fractions, a missing variant, an adjustment without a note and a change below zero', () => {
    expect(adjustmentBody({ variantSku: '', change: '0', reason: 'restock', note: '' }, plain).problem).toMatch(/not 0/);
    expect(adjustmentBody({ variantSku: '', change: '1.5', reason: 'restock', note: '' }, plain).problem).toMatch(/whole number/);
    expect(adjustmentBody({ variantSku: '', change: '1', reason: 'restock', note: '' }, sized).problem).toBe(
      'Choose the variant whose stock changes',
    );
    expect(adjustmentBody({ variantSku: '', change: '-1', reason: 'adjustment', note: '  ' }, plain).problem).toBe('Say why the stock changed');
    expect(adjustmentBody({ variantSku: 'B-41', change: '-3', reason: 'return', note: '' }, sized).problem).toBe(
      'Only 2 in stock: taking out 3 would leave less than zero',
    );
  });

  it('shows changes with their sign', () => {
    expect([signed(3), signed(-2)]).toEqual(['+3', '−2']);
  });
});
