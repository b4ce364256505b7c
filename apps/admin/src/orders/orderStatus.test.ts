import { describe, expect, it } from 'vitest';
import { orderActions } from './orderStatus';

const o = (state: string, paymentState: string, fulfilmentState: string, paymentMethod = 'cod') =>
  orderActions({ state, paymentState, fulfilmentState, paymentMethod } as Parameters<typeof orderActions>[0]);
const offered = (a: ReturnType<typeof orderActions>) =>
  Object.entries(a)
    .filter(([, on]) => on)
    .map(([name]) => name);

describe('order actions from the three machines', () => {
  it('lets a cash order ship unpaid and take its cash before or after delivery', () => {
    expect(offered(o('placed', 'unpaid', 'unfulfilled'))).toEqual(['ship', 'markPaid', 'cancel']);
    expect(offered(o('placed', 'unpaid', 'shipped'))).toEqual(['deliver', 'markPaid']);
    expect(offered(o('placed', 'unpaid', 'delivered'))).toEqual(['markPaid']);
  });
  it('ships a card order only once paid, and refunds what is left', () => {
    expect(offered(o('awaiting_payment', 'unpaid', 'unfulfilled', 'card'))).toEqual(['cancel']);
    expect(offered(o('placed', 'paid', 'unfulfilled', 'card'))).toEqual(['ship', 'cancel', 'refund']);
    expect(offered(o('completed', 'partially_refunded', 'delivered', 'card'))).toEqual(['refund']);
    expect(offered(o('cancelled', 'refunded', 'unfulfilled', 'card'))).toEqual([]);
  });
});
