import type { CouponTerms } from './coupon-rules';

/**
 * What a coupon is at a moment: `disabled` (switched off by an admin), `scheduled` (its start lies ahead),
 * `expired` (its end has passed), `used_up` (every allowed redemption taken) or `active` (it applies now).
 */
export const COUPON_STATES = ['active', 'scheduled', 'expired', 'used_up', 'disabled'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/**
 * The coupon's state at `now`, in the order couponRefusal checks the same terms, so the state a list shows
 * and the refusal a customer gets at that moment never disagree (expired ⇔ COUPON_EXPIRED, and so on).
 */
export function couponState(terms: Omit<CouponTerms, 'minSubtotalCents' | 'perCustomerLimit'>, now: Date): CouponState {
  if (!terms.active) return 'disabled';
  if (terms.startsAt && terms.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (terms.endsAt && terms.endsAt.getTime() <= now.getTime()) return 'expired';
  if (typeof terms.maxRedemptions === 'number' && terms.redemptions >= terms.maxRedemptions) return 'used_up';
  return 'active';
}
