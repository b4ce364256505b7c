const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Dollars with two decimals and a '$', as the spec shows prices (currency USD): the one money formatter of the
 * storefront, so every amount reads alike: '$1,175.00', and a discount '-$12.80' (never '$-12.80').
 */
export function formatPrice(amount: number | undefined | null): string {
  const value = amount ?? 0;
  return USD.format(Number.isFinite(value) ? value : 0);
}

/** Cuts text to `max` characters and adds '...' when it was longer (150 on the home carousel). */
export function truncate(text: string | undefined | null, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago": time relative to now, as the carousel shows when a product was added. */
export function timeAgo(date: string | number | Date | undefined, now: number = Date.now()): string {
  if (date === undefined) return '';
  const then = new Date(date).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
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
