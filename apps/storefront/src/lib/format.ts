/**
 * Dollars with two decimals and a '$', as the spec shows prices (currency USD): the one money formatter of the
 * storefront, so every amount reads alike: '$1,175.00', and a discount '-$12.80' (never '$-12.80').
 * Written out rather than with Intl.NumberFormat: the first Intl formatter of a page loads the locale data,
 * ~25 ms of the main thread (~100 ms on a mid-range phone) in the middle of the first render. The output is
 * en-US currency formatting's (the unit test compares them): like Intl, it rounds the number as it is written
 * (0.015 is $0.02), half away from zero.
 */
export function formatPrice(amount: number | undefined | null): string {
  const value = amount ?? 0;
  const finite = Number.isFinite(value) ? value : 0;
  const sign = finite < 0 || Object.is(finite, -0) ? '-' : '';
  const cents = centsOf(Math.abs(finite));
  if (cents === undefined) return largeAmounts().format(finite);
  const whole = String(Math.floor(cents / 100));
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
}

/** The amount in whole cents, rounded from its shortest decimal form; undefined beyond exact integer cents. */
function centsOf(amount: number): number | undefined {
  if (amount >= 1e13) return undefined;
  const text = String(amount);
  if (text.includes('e')) return 0; // below 1e-6
  const [whole, fraction = ''] = text.split('.');
  const digits = `${fraction}000`;
  return Number(whole) * 100 + Number(digits.slice(0, 2)) + (digits[2] >= '5' ? 1 : 0);
}

let large: Intl.NumberFormat | undefined;
/** Amounts of ten trillion dollars and more (never a price): Intl, made on first use. */
function largeAmounts(): Intl.NumberFormat {
  large ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return large;
}

/** Cuts text to `max` characters and adds '...' when it was longer (150 on the home carousel). */
export function truncate(text: string | undefined | null, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** The units timeAgo counts in, largest first, with their length in seconds (a month is 30 days, a year 365). */
export const TIME_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** English words for -1 and 1 of a unit (Intl.RelativeTimeFormat's numeric: 'auto'); the rest are numbers. */
const NEAR: Partial<Record<Intl.RelativeTimeFormatUnit, [string, string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

/** What Intl.RelativeTimeFormat('en', { numeric: 'auto' }) says for a whole, non-zero count (see formatPrice on Intl). */
function relative(count: number, unit: Intl.RelativeTimeFormatUnit): string {
  const near = NEAR[unit];
  if (near && Math.abs(count) === 1) return near[count < 0 ? 0 : 1];
  const amount = `${String(Math.abs(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;
  return count < 0 ? `${amount} ago` : `in ${amount}`;
}

/** "3 days ago": time relative to now, as the carousel shows when a product was added. */
export function timeAgo(date: string | number | Date | undefined, now: number = Date.now()): string {
  if (date === undefined) return '';
  const then = new Date(date).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of TIME_UNITS) {
    if (Math.abs(seconds) >= size) return relative(Math.round(seconds / size), unit);
  }
  return 'just now';
}

export function formatDate(date: string | undefined): string {
  if (!date) return '';
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** MongoDB ObjectId shape: 24 hex characters. */
export function isObjectId(value: string | undefined): boolean {
  return !!value && /^[0-9a-f]{24}$/i.test(value);
}
