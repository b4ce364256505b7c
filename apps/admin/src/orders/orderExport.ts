import type { OrderRecord, PaymentState } from '../lib/api-types';

export const PAYMENT_LABELS: Readonly<Record<PaymentState, string>> = {
  unpaid: 'Unpaid',
  authorized: 'Authorized',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  failed: 'Failed',
};

export function paymentColor(state: string): 'default' | 'success' | 'warning' | 'error' {
  if (state === 'paid') return 'success';
  if (state === 'refunded' || state === 'failed') return 'error';
  return 'warning';
}

/** The console path of an order's customer (the customers resource: record id = the user's id). */
export function customerPath(userId: string): string {
  return `/customers/${encodeURIComponent(userId)}/show`;
}

/** Payment method as people read it. */
export function paymentMethodLabel(method: string): string {
  return method === 'cod' ? 'Pay on delivery' : method;
}

export type OrderCsvRow = Record<(typeof ORDER_CSV_COLUMNS)[number], string | number>;

export const ORDER_CSV_COLUMNS = [
  'id',
  'number',
  'createdAt',
  'status',
  'paymentState',
  'paymentMethod',
  'paidAt',
  'refundedAt',
  'customerId',
  'customerName',
  'customerEmail',
  'shipToName',
  'shipToCity',
  'shipToCountry',
  'items',
  'units',
  'subtotal',
  'discount',
  'tax',
  'shipping',
  'total',
  'couponCode',
  'trackingNumber',
  'cancelReason',
  'refundReason',
] as const;

/** One flat CSV row per order: no nested objects, money in dollars. */
export function orderCsvRow(o: Partial<OrderRecord>): OrderCsvRow {
  const items = o.items ?? [];
  return {
    id: String(o.id ?? ''),
    number: o.number ?? '',
    createdAt: o.createdAt ?? '',
    status: o.status ?? '',
    paymentState: o.paymentState ?? '',
    paymentMethod: o.paymentMethod ?? '',
    paidAt: o.paidAt ?? '',
    refundedAt: o.refundedAt ?? '',
    customerId: o.user ?? '',
    customerName: o.customer?.name ?? '',
    customerEmail: o.customer?.email ?? '',
    shipToName: o.shippingAddress?.fullName ?? '',
    shipToCity: o.shippingAddress?.city ?? '',
    shipToCountry: o.shippingAddress?.country ?? '',
    items: items.map((i) => `${i.quantity} x ${i.name}${i.variantSku ? ` (${i.variantSku})` : ''}`).join('; '),
    units: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: o.subtotal ?? 0,
    discount: o.discount ?? 0,
    tax: o.tax ?? 0,
    shipping: o.shipping ?? 0,
    total: o.total ?? 0,
    couponCode: o.couponCode ?? '',
    trackingNumber: o.trackingNumber ?? '',
    cancelReason: o.cancelReason ?? '',
    refundReason: o.refundReason ?? '',
  };
}

function cell(value: string | number): string {
  const text = String(value);
  // Quoted when needed; a leading = + - @ is neutralised so a spreadsheet does not run it as a formula.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text of the orders: a header line, then one line per order. */
export function ordersCsv(orders: Partial<OrderRecord>[]): string {
  const lines = [ORDER_CSV_COLUMNS.join(','), ...orders.map((o) => ORDER_CSV_COLUMNS.map((c) => cell(orderCsvRow(o)[c])).join(','))];
  return lines.join('\n');
}

const EVENT_LABELS: Readonly<Record<string, string>> = { payment: 'Marked paid', cancel: 'Cancelled', refund: 'Refunded', note: 'Note added' };

/** A history entry as one line: what happened (and the reason or note). */
export function historyLine(h: { status: string; event?: string; reason?: string | null; note?: string | null }): string {
  const what = h.event && h.event !== 'status' ? (EVENT_LABELS[h.event] ?? h.event) : `Status: ${h.status}`;
  const detail = h.reason ?? h.note;
  return detail ? `${what} — ${detail}` : what;
}
