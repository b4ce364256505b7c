import { couponRefusal, type CouponTerms } from './coupon-rules';

describe('coupon rules', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const terms: CouponTerms = { active: true, minSubtotalCents: 5000, redemptions: 0, maxRedemptions: 5, perCustomerLimit: 1, startsAt: null, endsAt: null };

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
