/** Dollars with two decimals and a '$' (spec: currency USD with '$'). */
export function formatPrice(amount: unknown): string {
  const n = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(n) ? `$${n.toFixed(2)}` : '$0.00';
}

/** The first `max` characters of a text (the admin list shows 160 of a description). */
export function truncate(text: unknown, max: number): string {
  const s = typeof text === 'string' ? text : '';
  return s.length > max ? s.slice(0, max) : s;
}

export function formatDate(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString();
}

/** The first `max` characters with '...' after them when the text was cut; a shorter text as it is. */
export function excerpt(text: unknown, max: number): string {
  const s = typeof text === 'string' ? text : '';
  return s.length > max ? `${s.slice(0, max)}...` : s;
}
