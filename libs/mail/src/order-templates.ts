import type { JobPayloads, OrderMailView, OrderNotice } from '@shop/jobs';
import { layout, orderName, orderUrl, type Body, type MailContext, type MailFact, type RenderedMail } from './mail-layout';
import { formatCents } from './money';

/** Payment states in which the customer's money was taken (and perhaps given back since). */
const MONEY_TAKEN = ['paid', 'partially_refunded', 'refunded'];

/** Cash on delivery not yet collected: no mail of such an order may say it is paid. */
function payableOnDelivery(order: OrderMailView): boolean {
  return order.payment.method === 'cod' && !MONEY_TAKEN.includes(order.payment.state);
}

/** The payment as one line, worded for the customer or for the shop's owner. */
function paymentLine(order: OrderMailView, reader: 'customer' | 'owner'): string {
  const { label, state } = order.payment;
  if (payableOnDelivery(order)) {
    return reader === 'customer'
      ? `${label} — you pay ${formatCents(order.totalCents)} when your order arrives`
      : `${label} — ${formatCents(order.totalCents)} to collect on delivery`;
  }
  const words: Record<OrderMailView['payment']['state'], string> = {
    unpaid: 'awaiting payment',
    authorized: 'authorized, not yet charged',
    paid: 'paid',
    partially_refunded: 'paid, partly refunded',
    refunded: 'refunded',
    failed: 'payment failed',
  };
  return `${label} — ${words[state]}`;
}

function totalsOf(order: OrderMailView): MailFact[] {
  return [
    { label: 'Subtotal', value: formatCents(order.subtotalCents) },
    ...(order.discountCents > 0
      ? [{ label: order.couponCode ? `Discount (${order.couponCode})` : 'Discount', value: formatCents(-order.discountCents) }]
      : []),
    { label: 'Shipping', value: formatCents(order.shippingCents) },
    { label: 'Tax', value: formatCents(order.taxCents) },
    { label: payableOnDelivery(order) ? 'Total to pay on delivery' : 'Total', value: formatCents(order.totalCents) },
  ];
}

function addressLines(order: OrderMailView): string[] {
  const a = order.shippingAddress;
  return [a.fullName, a.address, `${a.postalCode} ${a.city}`, a.country, a.phone];
}

/** The receipt part every order mail carries: the lines with prices, the totals, the address and the payment. */
function receipt(order: OrderMailView, reader: 'customer' | 'owner'): Pick<Body, 'items' | 'totals' | 'blocks'> {
  return {
    items: order.items,
    totals: totalsOf(order),
    blocks: [
      { title: 'Shipping address', lines: addressLines(order) },
      { title: 'Payment', lines: [paymentLine(order, reader)] },
    ],
  };
}

/** The words of one notice: subject, first paragraphs and facts; the receipt and the button are added around them. */
function noticeWords(notice: OrderNotice, order: OrderMailView, number: string): Pick<Body, 'subject' | 'paragraphs' | 'facts' | 'items' | 'totals'> {
  const total = formatCents(order.totalCents);
  switch (notice.kind) {
    case 'placed':
      return {
        subject: `Order ${number} confirmed`,
        paragraphs: [
          `Your order ${number} is confirmed. We will let you know when it ships.`,
          payableOnDelivery(order)
            ? `You pay ${total} in cash on delivery.`
            : order.payment.state === 'paid'
              ? `We received your payment of ${total}.`
              : `Payment: ${paymentLine(order, 'customer')}.`,
        ],
      };
    case 'paid':
      return {
        subject: `Payment received for order ${number}`,
        paragraphs: [`We received your payment of ${formatCents(notice.amountCents)} for order ${number}. Thank you!`],
      };
    case 'shipped':
      return {
        subject: `Order ${number} has shipped`,
        paragraphs: [
          `Your order ${number} is on its way.`,
          ...(payableOnDelivery(order) ? [`Please have ${total} ready in cash for the courier.`] : []),
        ],
        facts: [
          ...(notice.carrier ? [{ label: 'Carrier', value: notice.carrier }] : []),
          ...(notice.trackingNumber
            ? [
                {
                  label: 'Tracking number',
                  value: notice.trackingNumber,
                  ...(notice.trackingUrl ? { link: { label: 'Track your parcel', url: notice.trackingUrl } } : {}),
                },
              ]
            : []),
        ],
      };
    case 'delivered':
      return {
        subject: `Order ${number} was delivered`,
        paragraphs: [`Your order ${number} was delivered. We hope you enjoy it!`],
      };
    case 'cancelled':
      return {
        subject: `Order ${number} was cancelled`,
        paragraphs: [
          `Your order ${number} was cancelled.`,
          ...(notice.reason ? [`Reason: ${notice.reason}`] : []),
          MONEY_TAKEN.includes(order.payment.state)
            ? 'The money you paid is refunded; a separate e-mail confirms the refund.'
            : 'You were not charged.',
        ],
      };
    case 'refunded':
      return {
        subject: notice.full ? `Order ${number} refunded` : `Partial refund for order ${number}`,
        paragraphs: [
          `We refunded ${formatCents(notice.amountCents)} for order ${number}${notice.full ? ', the full amount you paid' : ''}.`,
          'It may take a few business days to show on your statement.',
        ],
        facts: [
          { label: 'Refund', value: formatCents(notice.amountCents) },
          { label: 'Reason', value: notice.reason },
          {
            label: 'Refunded in total',
            value: `${formatCents(notice.refundedCents)} of ${formatCents(notice.paidCents)}${notice.full ? ' (full refund)' : ' (partial refund)'}`,
          },
        ],
      };
    case 'returned':
      return {
        subject: `Return received for order ${number}`,
        paragraphs: [`We received the items you sent back from order ${number}. If a refund is due, a separate e-mail confirms it.`],
        // The returned units, each with its price; the order's own totals are in the order's first receipt.
        items: notice.lines.map((line) => ({
          ...line,
          quantity: line.returnedQuantity,
          lineTotalCents: line.unitPriceCents * line.returnedQuantity,
        })),
        totals: [{ label: 'Order total', value: total }],
      };
  }
}

/** A receipt or notice to the customer: what happened, then the order (lines, totals, address, payment) and its link. */
function orderNotice(p: JobPayloads['mail.order-notice'], ctx: MailContext): RenderedMail {
  const number = orderName(p.order);
  const words = noticeWords(p.notice, p.order, number);
  return layout(ctx, p.to, {
    heading: p.notice.kind === 'placed' ? `Thank you for your order, ${p.username}!` : `Hi ${p.username},`,
    ...receipt(p.order, 'customer'),
    ...words,
    action: { label: 'View your order', url: orderUrl(ctx, p.order.orderId) },
  });
}

/** The console's page of an order (react-admin's show route of the orders resource, under /admin). */
export function consoleOrderUrl(ctx: MailContext, orderId: string): string {
  return `${ctx.publicUrl}/admin/orders/${encodeURIComponent(orderId)}/show`;
}

/** The owner's new-order e-mail: who ordered, what, for how much, paid how, and the order in the console. */
function orderAlert(p: JobPayloads['mail.order-alert'], ctx: MailContext): RenderedMail {
  const number = orderName(p.order);
  const who = p.customer ? `${p.customer.username} <${p.customer.email}>` : `${p.order.shippingAddress.fullName} (account deleted since)`;
  return layout(ctx, p.to, {
    subject: `New order ${number}: ${formatCents(p.order.totalCents)} from ${p.customer?.username ?? p.order.shippingAddress.fullName}`,
    heading: `New order ${number}`,
    paragraphs: [`${who} placed an order of ${formatCents(p.order.totalCents)}.`],
    facts: [{ label: 'Customer', value: who }],
    ...receipt(p.order, 'owner'),
    action: { label: 'Open the order in the console', url: consoleOrderUrl(ctx, p.order.orderId) },
  });
}

export const ORDER_TEMPLATES = {
  'mail.order-notice': orderNotice,
  'mail.order-alert': orderAlert,
} satisfies { [N in 'mail.order-notice' | 'mail.order-alert']: (payload: JobPayloads[N], ctx: MailContext) => RenderedMail };
