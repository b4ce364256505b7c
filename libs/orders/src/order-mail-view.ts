import { orderNumberOf, type Order, type OrderMailKind, type PaymentState } from '@shop/database';
import type { OrderMailLine, OrderMailPaymentState, OrderMailView, OrderNotice, OrderNoticeKind } from '@shop/jobs';
import { trackingUrlOf } from './carrier-tracking';

/** The fields of an order its mails read: an OrderDocument, or a plain object of the same shape (tests). */
export type OrderForMail = Pick<
  Order,
  'items' | 'shippingAddress' | 'paymentMethod' | 'subtotalCents' | 'discountCents' | 'taxCents' | 'shippingCents' | 'totalCents' | 'createdAt'
> &
  Partial<
    Pick<
      Order,
      | 'couponCode'
      | 'paymentState'
      | 'paidCents'
      | 'paidAt'
      | 'refundedAt'
      | 'refunds'
      | 'carrier'
      | 'trackingNumber'
      | 'cancelReason'
      | 'returnedLines'
    >
  > & {
    _id: { toString(): string };
  };

/** How the mails name a payment method; another stored value is shown as it is. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = { cod: 'Cash on delivery', card: 'Card' };

/**
 * One mail an order owes, as the value in its pendingMails asks for it: a notice to the customer, or the owner's
 * new-order alert. See owedMailsOf.
 */
export type OwedMail =
  { to: 'owner' } | { to: 'customer'; kind: Exclude<OrderNoticeKind, 'refunded'> } | { to: 'customer'; kind: 'refunded'; refundId: string };

const CUSTOMER_KINDS: readonly string[] = ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'returned'] satisfies readonly Exclude<
  OrderMailKind,
  'new-order-alert'
>[];

/**
 * What a value of Order.pendingMails asks for. The kinds of the three machines map one to one. The older spellings
 * still stored on orders (and in queues) map as: 'confirmation' → the 'placed' receipt and the owner's alert (it was
 * written only at an order's creation, which now owes both); 'status:paid|shipped|delivered|cancelled' → that notice;
 * 'status:pending' → nothing (an order never moved back to pending). An unknown value asks for nothing.
 */
export function owedMailsOf(mail: string): OwedMail[] {
  if (mail === 'new-order-alert') return [{ to: 'owner' }];
  if (mail === 'confirmation') return [{ to: 'customer', kind: 'placed' }, { to: 'owner' }];
  if (mail.startsWith('refunded:')) {
    const refundId = mail.slice('refunded:'.length);
    return refundId ? [{ to: 'customer', kind: 'refunded', refundId }] : [];
  }
  const kind = mail.startsWith('status:') ? mail.slice('status:'.length) : mail;
  return CUSTOMER_KINDS.includes(kind) ? [{ to: 'customer', kind: kind as Exclude<OrderNoticeKind, 'refunded'> }] : [];
}

/** The payment's state; an order written before the payment machine: refunded, paid or unpaid by its dates. */
function paymentStateOf(order: OrderForMail): OrderMailPaymentState {
  if (order.paymentState) return order.paymentState satisfies PaymentState;
  if (order.refundedAt) return 'refunded';
  return order.paidAt ? 'paid' : 'unpaid';
}

function lineOf(item: OrderForMail['items'][number]): OrderMailLine {
  return {
    name: item.name,
    quantity: item.quantity,
    ...(item.size ? { size: item.size } : {}),
    ...(item.colour ? { colour: item.colour } : {}),
    image: item.image,
    unitPriceCents: item.unitPriceCents,
    lineTotalCents: item.unitPriceCents * item.quantity,
  };
}

/** The order as all its mails show it: lines with prices, totals, address and payment. Plain values only (a job payload). */
export function orderMailView(order: OrderForMail): OrderMailView {
  const a = order.shippingAddress;
  return {
    orderId: order._id.toString(),
    orderNumber: orderNumberOf(order._id),
    placedAt: new Date(order.createdAt).toISOString(),
    items: order.items.map(lineOf),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    ...(order.couponCode ? { couponCode: order.couponCode } : {}),
    taxCents: order.taxCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    shippingAddress: { fullName: a.fullName, address: a.address, city: a.city, postalCode: a.postalCode, country: a.country, phone: a.phone },
    payment: { method: order.paymentMethod, label: PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod, state: paymentStateOf(order) },
  };
}

/** What was paid: paidCents, else (an order written before it) the total. */
function paidCentsOf(order: OrderForMail): number {
  return order.paidCents || order.totalCents;
}

/**
 * The facts of one customer notice, from the order as it is now; undefined when there is nothing true to announce
 * (a refund the order does not hold, or one the provider refused).
 */
export function orderNotice(order: OrderForMail, owed: Extract<OwedMail, { to: 'customer' }>): OrderNotice | undefined {
  switch (owed.kind) {
    case 'placed':
    case 'delivered':
      return { kind: owed.kind };
    case 'paid':
      return { kind: 'paid', amountCents: paidCentsOf(order) };
    case 'shipped': {
      const trackingUrl = trackingUrlOf(order.carrier, order.trackingNumber);
      return {
        kind: 'shipped',
        ...(order.carrier ? { carrier: order.carrier } : {}),
        ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
        ...(trackingUrl ? { trackingUrl } : {}),
      };
    }
    case 'cancelled':
      return { kind: 'cancelled', ...(order.cancelReason ? { reason: order.cancelReason } : {}) };
    case 'returned':
      return {
        kind: 'returned',
        lines: (order.returnedLines ?? []).flatMap((r) => {
          const item = order.items[r.line];
          return item ? [{ ...lineOf(item), returnedQuantity: r.quantity }] : [];
        }),
      };
    case 'refunded': {
      const refunds = order.refunds ?? [];
      const index = refunds.findIndex((r) => r._id.toString() === owed.refundId);
      const refund = refunds[index];
      if (!refund || refund.status === 'failed') return undefined;
      // Refunded so far: this refund and those before it that the provider did not refuse (a later refund has its own mail).
      const refundedCents = refunds.slice(0, index + 1).reduce((sum, r) => (r.status === 'failed' ? sum : sum + r.amountCents), 0);
      const paidCents = paidCentsOf(order);
      return {
        kind: 'refunded',
        refundId: owed.refundId,
        amountCents: refund.amountCents,
        reason: refund.reason,
        refundedCents,
        paidCents,
        full: refundedCents >= paidCents,
      };
    }
  }
}
