import type { CouponRecord } from '../lib/api-types';

export type CouponState = CouponRecord['state'];

/** The words the console shows for the state the API computed when it read the coupon. */
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  disabled: 'Off',
};

export function couponStateColor(state: CouponState): 'success' | 'info' | 'default' | 'warning' {
  if (state === 'active') return 'success';
  if (state === 'scheduled') return 'info';
  if (state === 'disabled') return 'default';
  return 'warning';
}

/** A coupon's end as a date and a time (an end at 18:00 and one at 09:00 the same day are not the same coupon). */
export function couponEnds(endsAt: string | null | undefined): string {
  if (!endsAt) return '—';
  const d = new Date(endsAt);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The end date checked in the form, with the API's words: it must come after the start. */
export function endsAfterStarts(endsAt: unknown, values: { startsAt?: unknown }): string | undefined {
  if (!endsAt || !values.startsAt) return undefined;
  const end = new Date(endsAt as string | number | Date).getTime();
  const start = new Date(values.startsAt as string | number | Date).getTime();
  if (Number.isNaN(end) || Number.isNaN(start)) return undefined;
  return end <= start ? 'The end date must be after the start date' : undefined;
}
