import { describe, expect, it } from 'vitest';
import { isLowStock, stockLabel, stockLevelChoices } from './productList';
import { lowStockText, lowStockVariants, variantName, variantStockText } from './stockText';

const sneakers = {
  countInStock: 19,
  variants: [
    { sku: 'CS-39-WHI', size: '39', colour: 'White', countInStock: 10 },
    { sku: 'CS-40-WHI', size: '40', colour: 'White', countInStock: 8 },
    { sku: 'CS-41-WHI', size: '41', colour: 'White', countInStock: 1 },
  ],
};

describe('stock per variant in the console', () => {
  it('names a variant by its size and colour, else its SKU', () => {
    expect(variantName({ sku: 'A', size: '41', colour: 'White' })).toBe('41 · White');
    expect(variantName({ sku: 'A', size: null, colour: 'Red' })).toBe('Red');
    expect(variantName({ sku: 'A', size: null, colour: null })).toBe('A');
    expect(variantStockText({ sku: 'A', size: '40', colour: null, countInStock: 0 })).toBe('40: sold out');
  });

  it('flags a product with one size under the threshold though its total is well above, naming the size', () => {
    expect(lowStockVariants(sneakers.variants, 5).map((v) => v.sku)).toEqual(['CS-41-WHI']);
    expect(isLowStock(sneakers, 5)).toBe(true);
    expect(stockLabel(sneakers, 5)).toBe('19 in stock · low: 41 · White: 1 left');
    // With a lower threshold the same product is well stocked.
    expect(isLowStock(sneakers, 0)).toBe(false);
    expect(stockLabel(sneakers, 0)).toBe('19 in stock');
  });

  it('keeps the product-level labels for products without variants, and says nothing about low stock before the threshold is known', () => {
    expect(stockLabel({ countInStock: 0 }, 5)).toBe('Sold out');
    expect(stockLabel({ countInStock: 3 }, 5)).toBe('Low stock: 3 left');
    expect(stockLabel({ countInStock: 12 }, 5)).toBe('12 in stock');
    expect(stockLabel(sneakers, undefined)).toBe('19 in stock');
    expect(isLowStock({ countInStock: 3 }, undefined)).toBe(false);
  });

  it("words the filter's choices with the API's threshold", () => {
    expect(stockLevelChoices(5).map((c) => c.name)).toEqual([
      'In stock (more than 5 of each)',
      'Low stock (5 or fewer of a size or colour)',
      'Sold out',
    ]);
    expect(stockLevelChoices(undefined).map((c) => c.name)).toEqual(['In stock', 'Low stock', 'Sold out']);
  });

  it("words a dashboard row: the low variants and the product's total, or the units left", () => {
    expect(lowStockText({ countInStock: 19, variants: [{ sku: 'x', size: '41', colour: 'White', countInStock: 1 }] })).toBe(
      '41 · White: 1 left (19 in total)',
    );
    expect(lowStockText({ countInStock: 3, variants: [] })).toBe('3 left');
    expect(lowStockText({ countInStock: 0, variants: [] })).toBe('Sold out');
  });
});
