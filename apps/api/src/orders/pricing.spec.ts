import { computeTotals, discountCents, subtotalCents, taxCents } from './pricing';

describe('pricing (integer cents)', () => {
  it('sums lines', () => {
    expect(
      subtotalCents([
        { unitPriceCents: 1999, quantity: 2 },
        { unitPriceCents: 1, quantity: 3 },
      ]),
    ).toBe(4001);
    expect(subtotalCents([])).toBe(0);
  });

  it('applies a percent discount rounded to the cent and a fixed one capped at the subtotal', () => {
    expect(discountCents(1999, { type: 'percent', value: 10 })).toBe(200);
    expect(discountCents(1000, { type: 'percent', value: 100 })).toBe(1000);
    expect(discountCents(1000, { type: 'fixed', value: 250 })).toBe(250);
    expect(discountCents(100, { type: 'fixed', value: 250 })).toBe(100);
    expect(discountCents(1000, undefined)).toBe(0);
  });

  it('taxes the discounted subtotal, ships free, and adds up', () => {
    expect(taxCents(1005, 0.1)).toBe(101);
    const totals = computeTotals([{ unitPriceCents: 2500, quantity: 2 }], { type: 'percent', value: 20 }, 0.08);
    expect(totals).toEqual({ subtotalCents: 5000, discountCents: 1000, taxCents: 320, shippingCents: 0, totalCents: 4320 });
    expect(computeTotals([{ unitPriceCents: 1999, quantity: 3 }], undefined, 0)).toEqual({
      subtotalCents: 5997,
      discountCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 5997,
    });
  });
});
