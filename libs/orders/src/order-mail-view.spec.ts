import mongoose, { Types } from 'mongoose';
import { OrderSchema } from '@shop/database';
import { trackingUrlOf } from './carrier-tracking';
import { orderMailView, orderNotice, owedMailsOf, type OrderForMail } from './order-mail-view';

const ID = new Types.ObjectId('6b0a537e10476ad77df4ff87');
const PRODUCT = new Types.ObjectId();
const refundA = new Types.ObjectId();
const refundB = new Types.ObjectId();
const refundFailed = new Types.ObjectId();

/** The order's money and address, the same in the document and in its view. */
const MONEY = { subtotalCents: 13248, discountCents: 1325, couponCode: 'SPRING10', taxCents: 954, shippingCents: 500, totalCents: 13377 };
const ADDRESS = { fullName: 'Ann Smith', address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'USA', phone: '+1 555 0100' };

/** An order document's shape as mongoose stores it (the fields its mails read). */
function order(fields: Partial<OrderForMail> = {}): OrderForMail {
  return {
    _id: ID,
    items: [
      {
        product: PRODUCT,
        name: 'Running Trainers',
        image: '/api/images/aaaaaaaaaaaaaaaaaaaaaaaa',
        size: '42',
        colour: 'Black',
        unitPriceCents: 5999,
        quantity: 2,
      },
      { product: PRODUCT, name: 'Cap', image: 'https://cdn.example/cap.webp', unitPriceCents: 1250, quantity: 1 },
    ],
    shippingAddress: ADDRESS,
    paymentMethod: 'cod',
    ...MONEY,
    createdAt: new Date('2026-03-01T10:00:00Z'),
    ...fields,
  };
}

describe('orderMailView: the order as its mails show it', () => {
  it('carries the number, the lines with their prices, the totals with the coupon, the address and the payment', () => {
    const view = orderMailView(order());
    expect(view).toEqual({
      orderId: '6b0a537e10476ad77df4ff87',
      orderNumber: '7DF4FF87',
      placedAt: '2026-03-01T10:00:00.000Z',
      items: [
        {
          name: 'Running Trainers',
          quantity: 2,
          size: '42',
          colour: 'Black',
          image: '/api/images/aaaaaaaaaaaaaaaaaaaaaaaa',
          unitPriceCents: 5999,
          lineTotalCents: 11998,
        },
        { name: 'Cap', quantity: 1, image: 'https://cdn.example/cap.webp', unitPriceCents: 1250, lineTotalCents: 1250 },
      ],
      ...MONEY,
      shippingAddress: ADDRESS,
      payment: { method: 'cod', label: 'Cash on delivery', state: 'unpaid' },
    });
    // A job payload: plain values only, the same after a trip through JSON (Redis).
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it('reads a hydrated order document the same, into plain values (no mongoose subdocuments in the payload)', () => {
    const Orders = mongoose.model('OrderMailViewSpec', OrderSchema);
    const document = new Orders({ ...order(), paymentState: 'paid', idempotencyKey: 'k' });
    const view = orderMailView(document as unknown as OrderForMail);
    expect(view).toEqual({ ...orderMailView(order()), payment: { method: 'cod', label: 'Cash on delivery', state: 'paid' } });
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(Object.getPrototypeOf(view.shippingAddress)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(view.items[0])).toBe(Object.prototype);
  });

  it('labels the payment methods and takes the payment machine, else (older orders) the payment dates', () => {
    expect(orderMailView(order({ paymentMethod: 'card', paymentState: 'authorized' })).payment).toEqual({
      method: 'card',
      label: 'Card',
      state: 'authorized',
    });
    expect(orderMailView(order({ paidAt: new Date() })).payment.state).toBe('paid');
    expect(orderMailView(order({ paidAt: new Date(), refundedAt: new Date() })).payment.state).toBe('refunded');
    expect(orderMailView(order({ paymentMethod: 'PayPal' })).payment.label).toBe('PayPal');
    expect(orderMailView(order({ couponCode: undefined, discountCents: 0 }))).not.toHaveProperty('couponCode');
  });
});

describe('owedMailsOf: what a value of pendingMails asks for', () => {
  it('maps the kinds of the machines one to one', () => {
    for (const kind of ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'returned'] as const)
      expect(owedMailsOf(kind)).toEqual([{ to: 'customer', kind }]);
    expect(owedMailsOf('new-order-alert')).toEqual([{ to: 'owner' }]);
    expect(owedMailsOf(`refunded:${refundA.toHexString()}`)).toEqual([{ to: 'customer', kind: 'refunded', refundId: refundA.toHexString() }]);
  });

  it('maps the older spellings still stored on orders and in queues', () => {
    expect(owedMailsOf('confirmation')).toEqual([{ to: 'customer', kind: 'placed' }, { to: 'owner' }]);
    expect(owedMailsOf('status:paid')).toEqual([{ to: 'customer', kind: 'paid' }]);
    expect(owedMailsOf('status:shipped')).toEqual([{ to: 'customer', kind: 'shipped' }]);
    expect(owedMailsOf('status:delivered')).toEqual([{ to: 'customer', kind: 'delivered' }]);
    expect(owedMailsOf('status:cancelled')).toEqual([{ to: 'customer', kind: 'cancelled' }]);
    expect(owedMailsOf('status:pending')).toEqual([]);
  });

  it('asks for nothing on a value it does not know', () => {
    expect(owedMailsOf('refunded:')).toEqual([]);
    expect(owedMailsOf('status:new-order-alert')).toEqual([]);
    expect(owedMailsOf('shipped-twice')).toEqual([]);
  });
});

describe('orderNotice: the facts of one notice', () => {
  const refunds = [
    { _id: refundA, amountCents: 2000, reason: 'Late delivery', status: 'succeeded' as const, at: new Date() },
    { _id: refundFailed, amountCents: 5000, reason: 'Refused', status: 'failed' as const, at: new Date() },
    { _id: refundB, amountCents: 11377, reason: 'Returned <all>', status: 'succeeded' as const, at: new Date() },
  ];
  const refunded = order({ paymentMethod: 'card', paymentState: 'refunded', paidCents: 13377, refunds });

  it('a partial refund: its amount and reason, what was refunded so far (failed refunds left out), not full', () => {
    expect(orderNotice(refunded, { to: 'customer', kind: 'refunded', refundId: refundA.toHexString() })).toEqual({
      kind: 'refunded',
      refundId: refundA.toHexString(),
      amountCents: 2000,
      reason: 'Late delivery',
      refundedCents: 2000,
      paidCents: 13377,
      full: false,
    });
  });

  it('the refund that completes the paid amount is full', () => {
    expect(orderNotice(refunded, { to: 'customer', kind: 'refunded', refundId: refundB.toHexString() })).toEqual({
      kind: 'refunded',
      refundId: refundB.toHexString(),
      amountCents: 11377,
      reason: 'Returned <all>',
      refundedCents: 13377,
      paidCents: 13377,
      full: true,
    });
  });

  it('announces no refund that failed or that the order does not hold', () => {
    expect(orderNotice(refunded, { to: 'customer', kind: 'refunded', refundId: refundFailed.toHexString() })).toBeUndefined();
    expect(orderNotice(refunded, { to: 'customer', kind: 'refunded', refundId: new Types.ObjectId().toHexString() })).toBeUndefined();
  });

  it('paid: what was paid, else (an order before paidCents) the total', () => {
    expect(orderNotice(order({ paidCents: 9000 }), { to: 'customer', kind: 'paid' })).toEqual({ kind: 'paid', amountCents: 9000 });
    expect(orderNotice(order(), { to: 'customer', kind: 'paid' })).toEqual({ kind: 'paid', amountCents: 13377 });
  });

  it('shipped: carrier, number and the carrier’s tracking page; an unknown carrier gets the number and no link', () => {
    expect(orderNotice(order({ carrier: 'UPS', trackingNumber: '1Z 999' }), { to: 'customer', kind: 'shipped' })).toEqual({
      kind: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z 999',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999',
    });
    expect(orderNotice(order({ carrier: 'Pony Express', trackingNumber: 'PX1' }), { to: 'customer', kind: 'shipped' })).toEqual({
      kind: 'shipped',
      carrier: 'Pony Express',
      trackingNumber: 'PX1',
    });
    // An order shipped before carriers were recorded: the number alone.
    expect(orderNotice(order({ trackingNumber: 'TN1' }), { to: 'customer', kind: 'shipped' })).toEqual({ kind: 'shipped', trackingNumber: 'TN1' });
  });

  it('cancelled: with the reason when there is one', () => {
    expect(orderNotice(order({ cancelReason: 'Out of stock' }), { to: 'customer', kind: 'cancelled' })).toEqual({
      kind: 'cancelled',
      reason: 'Out of stock',
    });
    expect(orderNotice(order(), { to: 'customer', kind: 'cancelled' })).toEqual({ kind: 'cancelled' });
  });

  it('returned: the lines sent back, with how many of each', () => {
    const notice = orderNotice(
      order({
        returnedLines: [
          { line: 1, quantity: 1 },
          { line: 0, quantity: 1 },
          { line: 9, quantity: 1 },
        ],
      }),
      { to: 'customer', kind: 'returned' },
    );
    expect(notice).toEqual({
      kind: 'returned',
      lines: [
        { name: 'Cap', quantity: 1, image: 'https://cdn.example/cap.webp', unitPriceCents: 1250, lineTotalCents: 1250, returnedQuantity: 1 },
        {
          name: 'Running Trainers',
          quantity: 2,
          size: '42',
          colour: 'Black',
          image: '/api/images/aaaaaaaaaaaaaaaaaaaaaaaa',
          unitPriceCents: 5999,
          lineTotalCents: 11998,
          returnedQuantity: 1,
        },
      ],
    });
  });
});

describe('trackingUrlOf', () => {
  it('knows the big carriers however their names are written', () => {
    expect(trackingUrlOf('Royal Mail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(trackingUrlOf('royal-mail', 'AB1')).toContain('royalmail.com');
    expect(trackingUrlOf('FedEx', '7777')).toBe('https://www.fedex.com/fedextrack/?trknbr=7777');
    expect(trackingUrlOf('usps', '9400')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400');
    expect(trackingUrlOf('DHL Express', 'D1')).toContain('dhl.com');
  });

  it('encodes the number and gives no link without a known carrier and a number', () => {
    expect(trackingUrlOf('UPS', 'a&b=c')).toBe('https://www.ups.com/track?tracknum=a%26b%3Dc');
    expect(trackingUrlOf('Pony Express', '1')).toBeUndefined();
    expect(trackingUrlOf(undefined, '1')).toBeUndefined();
    expect(trackingUrlOf('UPS', '  ')).toBeUndefined();
  });
});
