/**
 * Money in the API: stored and computed in whole cents, shown in dollars with at most two decimals.
 * One rule for every amount a client sends: it is a whole number of cents, or it is refused. DTOs check
 * amounts with `@IsNumber({ maxDecimalPlaces: 2 })`, so the services only meet valid ones.
 */

/** Dollars to cents when the amount is valid (finite, not negative, a whole number of cents), else undefined. */
export function centsOf(dollars: number): number | undefined {
  if (!Number.isFinite(dollars) || dollars < 0) return undefined;
  const cents = Math.round(dollars * 100);
  return Math.abs(cents - dollars * 100) < 1e-6 ? cents : undefined;
}

/** Dollars to cents for an amount already validated; a fraction of a cent here is a bug, never rounded away. */
export function toCents(dollars: number): number {
  const cents = centsOf(dollars);
  if (cents === undefined) throw new RangeError(`not an amount in dollars to the cent: ${dollars}`);
  return cents;
}

/** A price bound of a filter (any number a shopper typed) to cents: a lower bound rounds up, an upper one down. */
export function boundToCents(dollars: number, bound: 'min' | 'max'): number {
  const cents = dollars * 100;
  return Math.max(0, bound === 'min' ? Math.ceil(cents - 1e-6) : Math.floor(cents + 1e-6));
}

/** Cents to the API's dollars (a number with at most two decimals, e.g. 19.99). */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}
