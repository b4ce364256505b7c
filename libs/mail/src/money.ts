/**
 * Integer cents as the site shows money: dollars with a '$', thousands separated and two decimals ("$1,234.50"),
 * a negative amount as "-$12.80" (the storefront's formatPrice, for cents).
 */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}
