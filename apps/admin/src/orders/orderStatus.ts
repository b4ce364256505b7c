import type { OrderRecord, OrderStatus } from '../lib/api-types';

export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'];

/** What an admin may do with an order, read off its three machines (libs/orders/src/order-machines.ts); the API stays the judge. */
export interface OrderActions {
  ship: boolean;
  deliver: boolean;
  markPaid: boolean;
  cancel: boolean;
  refund: boolean;
}

type OrderStates = Pick<OrderRecord, 'state' | 'paymentState' | 'fulfilmentState' | 'paymentMethod'>;

export function orderActions(o: OrderStates): OrderActions {
  const open = o.state === 'placed' || o.state === 'awaiting_payment';
  return {
    // A cash-on-delivery order ships unpaid; a card order once paid (placed).
    ship: o.state === 'placed' && o.fulfilmentState === 'unfulfilled',
    deliver: o.fulfilmentState === 'shipped',
    markPaid:
      o.paymentMethod === 'cod' && (o.state === 'placed' || o.state === 'completed') && (o.paymentState === 'unpaid' || o.paymentState === 'failed'),
    cancel: open && o.fulfilmentState === 'unfulfilled',
    refund: o.paymentState === 'paid' || o.paymentState === 'partially_refunded',
  };
}

export const FULFILMENT_LABELS: Readonly<Record<OrderRecord['fulfilmentState'], string>> = {
  unfulfilled: 'Not shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned',
};

/** Carriers offered when shipping (any other may be typed). */
export const CARRIERS: readonly string[] = ['UPS', 'FedEx', 'DHL', 'USPS', 'Royal Mail', 'Canada Post', 'Australia Post', 'La Poste'];

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
