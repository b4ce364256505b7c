import { describe, expect, it } from 'vitest';
import type { Variant } from '../../lib/models';
import { choiceProblem, colourImage, colourOptions, coloursOf, findVariant, initialChoice, sizeOptions, sizesOf } from './variant-logic';

const v = (size: string | null, colour: string | null, countInStock: number, image: string | null = null): Variant => ({
  sku: `${size ?? '-'}-${colour ?? '-'}`,
  size,
  colour,
  countInStock,
  price: 80,
  image,
});

/** Trainers: 40 sold out in both colours, 41 only in White, Black pictured. */
const trainers = [
  v('39', 'White', 3, '/w'),
  v('40', 'White', 0, '/w'),
  v('41', 'White', 1, '/w'),
  v('39', 'Black', 2, '/b'),
  v('40', 'Black', 0, '/b'),
];

describe('variant logic', () => {
  it('lists every size and every colour once, in the order the product lists them', () => {
    expect(sizesOf(trainers)).toEqual(['39', '40', '41']);
    expect(coloursOf(trainers)).toEqual(['White', 'Black']);
  });

  it('marks a size sold out in every colour as sold out, whatever colour is chosen', () => {
    expect(sizeOptions(trainers)).toEqual([
      { value: '39', status: 'available' },
      { value: '40', status: 'soldOut' },
      { value: '41', status: 'available' },
    ]);
    expect(sizeOptions(trainers, 'Black').find((o) => o.value === '40')?.status).toBe('soldOut');
  });

  it('marks an option in stock only with another choice as unavailable, not sold out', () => {
    // 41 exists only in White.
    expect(sizeOptions(trainers, 'Black')).toEqual([
      { value: '39', status: 'available' },
      { value: '40', status: 'soldOut' },
      { value: '41', status: 'unavailable' },
    ]);
    expect(colourOptions(trainers, '41')).toEqual([
      { value: 'White', status: 'available' },
      { value: 'Black', status: 'unavailable' },
    ]);
  });

  it('marks a colour sold out in every size as sold out', () => {
    const caps = [v(null, 'Red', 4), v(null, 'Grey', 0)];
    expect(colourOptions(caps)).toEqual([
      { value: 'Red', status: 'available' },
      { value: 'Grey', status: 'soldOut' },
    ]);
  });

  it("chooses a product's only size or only colour from the start, never a sold-out one", () => {
    expect(initialChoice(trainers)).toEqual({});
    expect(initialChoice([v('39', 'White', 3), v('40', 'White', 1)])).toEqual({ colour: 'White' });
    expect(initialChoice([v('M', 'Navy', 3), v('M', 'Red', 1)])).toEqual({ size: 'M' });
    expect(initialChoice([v(null, 'Slate', 3)])).toEqual({ colour: 'Slate' });
    expect(initialChoice([v('M', 'Navy', 0)])).toEqual({});
    expect(initialChoice([])).toEqual({});
  });

  it('says why a chosen size and colour cannot be bought together, and what can', () => {
    expect(choiceProblem(trainers, { size: '41', colour: 'Black' })).toBe(
      "Size 41 doesn't come in Black. Available: Black in size 39, or size 41 in White.",
    );
    const tees = [v('S', 'Navy', 0), v('M', 'Navy', 2), v('L', 'Navy', 5), v('S', 'Red', 1)];
    expect(choiceProblem(tees, { size: 'S', colour: 'Navy' })).toBe('Size S in Navy is sold out. Available: Navy in size M and L, or size S in Red.');
    expect(choiceProblem(tees, { size: 'M', colour: 'Navy' })).toBeUndefined();
    expect(choiceProblem(tees, { size: 'S' })).toBeUndefined();
  });

  it("finds the chosen variant and the chosen colour's picture", () => {
    expect(findVariant(trainers, '39', 'Black')?.countInStock).toBe(2);
    expect(findVariant(trainers, '41', 'Black')).toBeUndefined();
    expect(findVariant([v(null, 'Red', 4)], undefined, 'Red')?.colour).toBe('Red');
    expect(colourImage(trainers, 'Black')).toBe('/b');
    expect(colourImage(trainers, 'Blue')).toBeUndefined();
    expect(colourImage(trainers)).toBeUndefined();
  });
});
