import { boundToCents, centsOf, toCents, toDollars } from './money';

describe('money', () => {
  it('converts between cents and dollars without float drift', () => {
    expect(toDollars(1999)).toBe(19.99);
    expect(toDollars(5997)).toBe(59.97);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(centsOf(1.15)).toBe(115);
  });

  it('refuses fractions of a cent and negative or non-finite amounts instead of rounding them away', () => {
    expect(centsOf(1.005)).toBeUndefined();
    expect(centsOf(-1)).toBeUndefined();
    expect(centsOf(Number.NaN)).toBeUndefined();
    expect(centsOf(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(() => toCents(19.999)).toThrow(RangeError);
  });

  it('turns filter bounds into the cents that keep every matching price inside the range', () => {
    expect(boundToCents(10.001, 'min')).toBe(1001);
    expect(boundToCents(10.009, 'max')).toBe(1000);
    expect(boundToCents(19.99, 'min')).toBe(1999);
    expect(boundToCents(19.99, 'max')).toBe(1999);
    expect(boundToCents(-5, 'min')).toBe(0);
  });
});
