import type { CouponType } from '@shop/database';

/** The money rules of the shop, in integer cents. Shipping is free, as the home page promises. */
export const SHIPPING_CENTS = 0;

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

export interface DiscountRule {
  type: CouponType;
  /** percent: whole percent 1–100; fixed: cents off. */
  value: number;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
}

/** The discount on a subtotal: a percentage rounded to the cent, or a fixed amount; never more than the subtotal. */
export function discountCents(subtotal: number, rule: DiscountRule | undefined): number {
  if (!rule || subtotal <= 0) return 0;
  const raw = rule.type === 'percent' ? Math.round((subtotal * rule.value) / 100) : rule.value;
  return Math.max(0, Math.min(subtotal, raw));
}

/** Tax on the discounted subtotal, rounded half up to the cent. */
export function taxCents(taxable: number, taxRate: number): number {
  return Math.round(taxable * taxRate);
}

export function computeTotals(lines: readonly PricedLine[], rule: DiscountRule | undefined, taxRate: number): Totals {
  const subtotal = subtotalCents(lines);
  const discount = discountCents(subtotal, rule);
  const tax = taxCents(subtotal - discount, taxRate);
  return {
    subtotalCents: subtotal,
    discountCents: discount,
    taxCents: tax,
    shippingCents: SHIPPING_CENTS,
    totalCents: subtotal - discount + tax + SHIPPING_CENTS,
  };
}
