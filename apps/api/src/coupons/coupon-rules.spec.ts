import { couponRefusal, type CouponTerms } from './coupon-rules';
import { couponState } from './coupon-state';

describe('coupon rules', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const terms: CouponTerms = {
    active: true,
    minSubtotalCents: 5000,
    redemptions: 0,
    maxRedemptions: 5,
    perCustomerLimit: 1,
    startsAt: null,
    endsAt: null,
  };

  it('applies when every rule is met', () => {
    expect(couponRefusal(terms, 5000, 0, now)).toBeUndefined();
  });

  it('says why it does not apply', () => {
    expect(couponRefusal({ ...terms, active: false }, 9999, 0, now)?.code).toBe('COUPON_INACTIVE');
    expect(couponRefusal({ ...terms, startsAt: new Date('2025-06-02T00:00:00Z') }, 9999, 0, now)?.code).toBe('COUPON_NOT_STARTED');
    expect(couponRefusal({ ...terms, endsAt: new Date('2025-06-01T12:00:00Z') }, 9999, 0, now)?.code).toBe('COUPON_EXPIRED');
    expect(couponRefusal({ ...terms, redemptions: 5 }, 9999, 0, now)?.code).toBe('COUPON_EXHAUSTED');
    expect(couponRefusal(terms, 9999, 1, now)?.code).toBe('COUPON_CUSTOMER_LIMIT');
    expect(couponRefusal(terms, 4999, 0, now)).toEqual({ code: 'COUPON_MIN_SUBTOTAL', message: 'This coupon needs a subtotal of at least $50.00' });
  });

  it('treats missing limits as unlimited', () => {
    expect(couponRefusal({ ...terms, maxRedemptions: null, perCustomerLimit: null, redemptions: 1000 }, 5000, 50, now)).toBeUndefined();
  });
});

describe('coupon state', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const base = { active: true, redemptions: 0, maxRedemptions: 5, startsAt: null, endsAt: null };

  it('follows the same order as the refusals', () => {
    expect(couponState(base, now)).toBe('active');
    expect(couponState({ ...base, active: false, endsAt: new Date('2020-01-01') }, now)).toBe('disabled');
    expect(couponState({ ...base, startsAt: new Date('2025-06-01T12:00:01Z') }, now)).toBe('scheduled');
    expect(couponState({ ...base, endsAt: new Date('2025-06-01T11:59:59Z') }, now)).toBe('expired');
    expect(couponState({ ...base, endsAt: now }, now)).toBe('expired');
    expect(couponState({ ...base, redemptions: 5 }, now)).toBe('used_up');
    expect(couponState({ ...base, maxRedemptions: null, redemptions: 500 }, now)).toBe('active');
  });
});
