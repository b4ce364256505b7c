import {
  FULFILMENT_MACHINE,
  ORDER_MACHINE,
  PAYMENT_MACHINE,
  canMove,
  fromStates,
  legacyStatusOf,
  moveRefusal,
  statesOf,
  statesOfLegacy,
} from './order-machines';

describe('order machines', () => {
  it('move an order forward and refuse going back, each with its own table', () => {
    expect(canMove(ORDER_MACHINE, 'awaiting_payment', 'placed')).toBe(true);
    expect(canMove(ORDER_MACHINE, 'placed', 'awaiting_payment')).toBe(false);
    expect(canMove(ORDER_MACHINE, 'cancelled', 'placed')).toBe(false);
    expect(canMove(PAYMENT_MACHINE, 'unpaid', 'paid')).toBe(true);
    expect(canMove(PAYMENT_MACHINE, 'failed', 'paid')).toBe(true);
    expect(canMove(PAYMENT_MACHINE, 'paid', 'unpaid')).toBe(false);
    expect(canMove(PAYMENT_MACHINE, 'partially_refunded', 'partially_refunded')).toBe(true);
    expect(canMove(PAYMENT_MACHINE, 'refunded', 'partially_refunded')).toBe(false);
    expect(canMove(FULFILMENT_MACHINE, 'unfulfilled', 'delivered')).toBe(false);
    expect(canMove(FULFILMENT_MACHINE, 'delivered', 'returned')).toBe(true);
  });

  it('name the states a move may start from (the compare-and-set of a webhook)', () => {
    expect(fromStates(PAYMENT_MACHINE, 'paid').sort()).toEqual(['authorized', 'failed', 'unpaid']);
    expect(fromStates(ORDER_MACHINE, 'cancelled').sort()).toEqual(['awaiting_payment', 'placed']);
  });

  it('explain a refusal in words', () => {
    expect(moveRefusal(PAYMENT_MACHINE, 'refunded', 'paid')).toBe('The payment is refunded and cannot change any more');
    expect(moveRefusal(FULFILMENT_MACHINE, 'unfulfilled', 'delivered')).toBe(
      'The fulfilment is unfulfilled and cannot become delivered (allowed: shipped)',
    );
    expect(moveRefusal(ORDER_MACHINE, 'placed', 'placed')).toBe('The order is already placed');
  });

  it('derive the single legacy status: cancelled, then the parcel, then the money', () => {
    expect(legacyStatusOf({ state: 'placed', paymentState: 'unpaid', fulfilmentState: 'unfulfilled' })).toBe('pending');
    expect(legacyStatusOf({ state: 'placed', paymentState: 'unpaid', fulfilmentState: 'shipped' })).toBe('shipped');
    expect(legacyStatusOf({ state: 'placed', paymentState: 'paid', fulfilmentState: 'unfulfilled' })).toBe('paid');
    expect(legacyStatusOf({ state: 'completed', paymentState: 'paid', fulfilmentState: 'delivered' })).toBe('delivered');
    expect(legacyStatusOf({ state: 'cancelled', paymentState: 'refunded', fulfilmentState: 'unfulfilled' })).toBe('cancelled');
  });

  it('give orders written before the machines their states', () => {
    const at = new Date();
    expect(statesOfLegacy({ status: 'pending', paymentMethod: 'cod' })).toEqual({
      state: 'placed',
      paymentState: 'unpaid',
      fulfilmentState: 'unfulfilled',
    });
    expect(statesOfLegacy({ status: 'delivered', paidAt: at, deliveredAt: at, paymentMethod: 'cod' })).toEqual({
      state: 'completed',
      paymentState: 'paid',
      fulfilmentState: 'delivered',
    });
    expect(statesOfLegacy({ status: 'cancelled', paidAt: at, refundedAt: at, paymentMethod: 'cod' })).toEqual({
      state: 'cancelled',
      paymentState: 'refunded',
      fulfilmentState: 'unfulfilled',
    });
    expect(statesOfLegacy({ status: 'shipped', paymentMethod: 'cod' })).toEqual({
      state: 'placed',
      paymentState: 'unpaid',
      fulfilmentState: 'shipped',
    });
    // Stored states win over the legacy status.
    expect(
      statesOf({ status: 'pending', state: 'awaiting_payment', paymentState: 'failed', fulfilmentState: 'unfulfilled', paymentMethod: 'card' })
        .paymentState,
    ).toBe('failed');
  });
});
