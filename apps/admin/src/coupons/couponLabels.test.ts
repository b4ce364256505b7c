import { describe, expect, it } from 'vitest';
import { COUPON_STATE_LABELS, couponEnds, endsAfterStarts } from './couponLabels';

describe('coupon labels', () => {
  it('names every state the API computes, "used up" and "expired" among them', () => {
    expect(COUPON_STATE_LABELS).toEqual({ active: 'Active', scheduled: 'Scheduled', expired: 'Expired', used_up: 'Used up', disabled: 'Off' });
  });

  it('shows the end with its time, not only the day', () => {
    const evening = couponEnds('2030-05-04T18:30:00.000Z');
    const morning = couponEnds('2030-05-04T09:15:00.000Z');
    expect(evening).not.toBe(morning);
    expect(evening).toContain(new Date('2030-05-04T18:30:00.000Z').toLocaleTimeString(undefined, { timeStyle: 'short' }));
    expect(couponEnds(null)).toBe('—');
  });

  it('says in plain words that the end must come after the start', () => {
    expect(endsAfterStarts('2030-01-01T00:00', { startsAt: '2030-01-02T00:00' })).toBe('The end date must be after the start date');
    expect(endsAfterStarts('2030-01-02T00:00', { startsAt: '2030-01-01T00:00' })).toBeUndefined();
    expect(endsAfterStarts('2030-01-02T00:00', {})).toBeUndefined();
  });
});
