import { LOW_STOCK_THRESHOLD, lowVariants, stockLevelOf } from './stock-levels';

describe('stock levels', () => {
  const T = LOW_STOCK_THRESHOLD;

  it('sold out is no unit left at all', () => {
    expect(stockLevelOf({ countInStock: 0 })).toBe('sold_out');
    expect(stockLevelOf({ countInStock: 0, variants: [{ countInStock: 0 }, { countInStock: 0 }] })).toBe('sold_out');
  });

  it('low stock is a total at the threshold or below (1 left up to the threshold)', () => {
    expect(stockLevelOf({ countInStock: 1 })).toBe('low_stock');
    expect(stockLevelOf({ countInStock: T })).toBe('low_stock');
    expect(stockLevelOf({ countInStock: T + 1 })).toBe('in_stock');
  });

  it('low stock is also one size or colour at the threshold or below, sold-out sizes included, however large the total', () => {
    expect(stockLevelOf({ countInStock: 19, variants: [{ countInStock: 10 }, { countInStock: 8 }, { countInStock: 1 }] })).toBe('low_stock');
    expect(stockLevelOf({ countInStock: 21, variants: [{ countInStock: 12 }, { countInStock: 0 }, { countInStock: 9 }] })).toBe('low_stock');
    expect(stockLevelOf({ countInStock: 24, variants: [{ countInStock: 10 }, { countInStock: 8 }, { countInStock: T + 1 }] })).toBe('in_stock');
  });

  it('lists the low variants, fewest first, keeping the product order between equals', () => {
    const variants = [
      { sku: 'a', countInStock: 3 },
      { sku: 'b', countInStock: 9 },
      { sku: 'c', countInStock: 0 },
      { sku: 'd', countInStock: 3 },
    ];
    expect(lowVariants(variants).map((v) => v.sku)).toEqual(['c', 'a', 'd']);
    expect(lowVariants(variants, 2).map((v) => v.sku)).toEqual(['c']);
  });
});
