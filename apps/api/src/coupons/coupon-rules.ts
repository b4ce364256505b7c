import { toDollars } from '../common/money';

/** What the rules need to know about a coupon. */
export interface CouponTerms {
  active: boolean;
  minSubtotalCents: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxRedemptions?: number | null;
  perCustomerLimit?: number | null;
  redemptions: number;
}

export type CouponRefusalCode =
  'COUPON_INACTIVE' | 'COUPON_NOT_STARTED' | 'COUPON_EXPIRED' | 'COUPON_MIN_SUBTOTAL' | 'COUPON_EXHAUSTED' | 'COUPON_CUSTOMER_LIMIT';

export interface CouponRefusal {
  code: CouponRefusalCode;
  message: string;
}

/**
 * Why a coupon does not apply to a subtotal for a customer who already redeemed it `usedByCustomer`
 * times, or undefined when it applies. The counts are re-checked atomically when the order is placed.
 */
export function couponRefusal(terms: CouponTerms, subtotalCents: number, usedByCustomer: number, now: Date): CouponRefusal | undefined {
  if (!terms.active) return { code: 'COUPON_INACTIVE', message: 'This coupon is not active' };
  if (terms.startsAt && terms.startsAt.getTime() > now.getTime()) return { code: 'COUPON_NOT_STARTED', message: 'This coupon is not valid yet' };
  if (terms.endsAt && terms.endsAt.getTime() <= now.getTime()) return { code: 'COUPON_EXPIRED', message: 'This coupon has expired' };
  if (typeof terms.maxRedemptions === 'number' && terms.redemptions >= terms.maxRedemptions)
    return { code: 'COUPON_EXHAUSTED', message: 'This coupon has been fully redeemed' };
  if (typeof terms.perCustomerLimit === 'number' && usedByCustomer >= terms.perCustomerLimit)
    return { code: 'COUPON_CUSTOMER_LIMIT', message: 'You have already used this coupon' };
  if (subtotalCents < terms.minSubtotalCents) {
    return { code: 'COUPON_MIN_SUBTOTAL', message: `This coupon needs a subtotal of at least $${toDollars(terms.minSubtotalCents).toFixed(2)}` };
  }
  return undefined;
}
