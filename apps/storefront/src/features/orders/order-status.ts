export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const ORDER_STEPS = ['pending', 'paid', 'shipped', 'delivered'];

export function statusColour(status: string): 'default' | 'info' | 'primary' | 'success' | 'error' {
  return status === 'delivered'
    ? 'success'
    : status === 'cancelled'
      ? 'error'
      : status === 'shipped'
        ? 'primary'
        : status === 'paid'
          ? 'info'
          : 'default';
}

export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status] ?? status;
}

/** Where the order's money stands, in the shopper's words (a cash order is paid at the door, not before). */
export function paymentLabel(order: { paymentState?: string; paymentMethod: string; state?: string }): string {
  switch (order.paymentState) {
    case 'paid':
      return 'Paid';
    case 'partially_refunded':
      return 'Partially refunded';
    case 'refunded':
      return 'Refunded';
    case 'authorized':
      return 'Payment authorised';
    case 'failed':
      return 'Payment failed';
    default:
      if (order.state === 'cancelled') return 'Not paid';
      return order.paymentMethod === 'cod' ? 'Pay on delivery' : 'Awaiting payment';
  }
}
