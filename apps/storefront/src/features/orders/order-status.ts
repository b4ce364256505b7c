export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const ORDER_STEPS = ['pending', 'paid', 'shipped', 'delivered'];

export function statusColour(status: string): 'default' | 'info' | 'primary' | 'success' | 'error' {
  return status === 'delivered' ? 'success' : status === 'cancelled' ? 'error' : status === 'shipped' ? 'primary' : status === 'paid' ? 'info' : 'default';
}

export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status] ?? status;
}
