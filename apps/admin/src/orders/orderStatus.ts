import type { OrderStatus } from '../lib/api-types';

export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'];

/**
 * The API's transition table (pending → paid → shipped → delivered; pending or paid → cancelled),
 * mirrored so the console only offers the moves the API will accept. The API stays the judge.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function nextStatuses(status: string): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[status as OrderStatus] ?? [];
}

/** Shipping needs a tracking number. */
export function needsTrackingNumber(to: OrderStatus): boolean {
  return to === 'shipped';
}

export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const STATUS_ACTIONS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Mark pending',
  paid: 'Mark paid',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

export function statusColor(status: string): 'default' | 'warning' | 'info' | 'primary' | 'success' | 'error' {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'paid':
      return 'info';
    case 'shipped':
      return 'primary';
    case 'delivered':
      return 'success';
    case 'cancelled':
      return 'error';
    default:
      return 'default';
  }
}
