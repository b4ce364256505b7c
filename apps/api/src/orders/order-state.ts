import type { OrderStatus } from '@shop/database';

/**
 * The one transition table of an order's life:
 * pending → paid → shipped → delivered, and pending or paid → cancelled (which puts the stock back).
 * Everything else is refused.
 */
export const ORDER_TRANSITIONS: { readonly [S in OrderStatus]: readonly OrderStatus[] } = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Whether entering this status returns the order's units to stock. */
export function restocksOn(to: OrderStatus): boolean {
  return to === 'cancelled';
}

/** The message of a refused transition. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `The order is already ${from}`;
  const allowed = ORDER_TRANSITIONS[from];
  return allowed.length === 0
    ? `A ${from} order cannot change any more`
    : `A ${from} order cannot become ${to} (allowed: ${allowed.join(', ')})`;
}
