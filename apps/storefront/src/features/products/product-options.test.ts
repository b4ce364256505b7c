import { describe, expect, it } from 'vitest';
import { buildVariants, cellKey, parseOptions, specificationsOf, stockTotal, validateOptions, variantCells } from './product-options';

describe("the distributor's sizes, colours, stock and specifications", () => {
  it('reads comma-separated options, trimmed, each once', () => {
    expect(parseOptions(' S, M,,  L , m ')).toEqual(['S', 'M', 'L']);
    expect(parseOptions('')).toEqual([]);
    expect(parseOptions('Dark  navy, Red')).toEqual(['Dark navy', 'Red']);
  });

  it('makes a cell per size × colour, one row or column when there are only colours or only sizes', () => {
    expect(variantCells(['S', 'M'], ['Navy', 'Red'])).toEqual([
      { size: 'S', colour: 'Navy' },
      { size: 'S', colour: 'Red' },
      { size: 'M', colour: 'Navy' },
      { size: 'M', colour: 'Red' },
    ]);
    expect(variantCells([], ['Teal', 'Black'])).toEqual([{ colour: 'Teal' }, { colour: 'Black' }]);
    expect(variantCells(['39'], [])).toEqual([{ size: '39' }]);
    expect(variantCells([], [])).toEqual([]);
  });

  it('builds the variants with unique SKUs and the stock of each cell (an empty cell is 0), and the quantity as their sum', () => {
    const stock = { [cellKey('S', 'Navy')]: '3', [cellKey('M', 'Navy')]: '1', [cellKey('M', 'Red')]: '' };
    expect(buildVariants('Linen Shirt', ['S', 'M'], ['Navy', 'Red'], stock)).toEqual([
      { sku: 'LS-S-NAVY', size: 'S', colour: 'Navy', countInStock: 3 },
      { sku: 'LS-S-RED', size: 'S', colour: 'Red', countInStock: 0 },
      { sku: 'LS-M-NAVY', size: 'M', colour: 'Navy', countInStock: 1 },
      { sku: 'LS-M-RED', size: 'M', colour: 'Red', countInStock: 0 },
    ]);
    expect(stockTotal(['S', 'M'], ['Navy', 'Red'], stock)).toBe(4);
    // Options that differ only in characters a SKU drops still get SKUs of their own.
    expect(buildVariants('Cap', [], ['Blue/Green', 'Blue Green'], {}).map((v) => v.sku)).toEqual(['C-BLUEGREEN', 'C-BLUEGREEN-2']);
  });

  it("refuses negative or fractional stock in the spec's words, and names over the API's limits", () => {
    const cells = { sizes: ['S'], colours: ['Navy', 'Red'], specifications: [] };
    expect(validateOptions({ ...cells, stock: { [cellKey('S', 'Navy')]: '-1' } })).toEqual({
      [`stock:${cellKey('S', 'Navy')}`]: 'Quantity must be positive',
      stock: 'Quantity must be positive',
    });
    expect(validateOptions({ ...cells, stock: { [cellKey('S', 'Red')]: '1.5' } }).stock).toBe('Stock must be a whole number');
    expect(validateOptions({ ...cells, stock: { [cellKey('S', 'Red')]: '4' } })).toEqual({});
    expect(validateOptions({ sizes: ['x'.repeat(21)], colours: [], stock: {}, specifications: [] }).sizes).toBe('A size is at most 20 characters');
  });

  it('sends specifications by name, ignoring blank rows, and refuses a value without a name or a name twice', () => {
    expect(
      specificationsOf([
        { name: ' Material ', value: ' Linen ' },
        { name: '', value: '' },
        { name: 'Fit', value: 'Relaxed' },
      ]),
    ).toEqual({ Material: 'Linen', Fit: 'Relaxed' });
    expect(validateOptions({ sizes: [], colours: [], stock: {}, specifications: [{ name: '', value: 'Linen' }] })).toEqual({
      'specification:0': 'Give the specification a name',
      specifications: 'Give the specification a name',
    });
    expect(
      validateOptions({
        sizes: [],
        colours: [],
        stock: {},
        specifications: [
          { name: 'Fit', value: 'a' },
          { name: 'fit', value: 'b' },
        ],
      }).specifications,
    ).toBe('fit is listed twice');
  });
});
