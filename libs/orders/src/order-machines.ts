import type { FulfilmentState, OrderState, OrderStatus, PaymentState } from '@shop/database';

/**
 * An order's life as three state machines, each one transition table (in the style of Vendure's order and payment
 * processes): the order itself, its payment and its fulfilment. They move independently — a cash-on-delivery
 * order ships unpaid, a card order is paid before it ships — and the cross rules live with the actions that use
 * them (OrderTransitionsService). A refused move answers 409 with a stable code.
 *
 *   order:       awaiting_payment → placed → completed; awaiting_payment | placed → cancelled
 *   payment:     unpaid → authorized → paid → partially_refunded → refunded; unpaid | authorized → failed → …
 *   fulfilment:  unfulfilled → shipped → delivered; shipped | delivered → returned
 */
export interface Machine<S extends string> {
  readonly name: 'order' | 'payment' | 'fulfilment';
  readonly transitions: { readonly [K in S]: readonly S[] };
}

export const ORDER_MACHINE: Machine<OrderState> = {
  name: 'order',
  transitions: {
    awaiting_payment: ['placed', 'cancelled'],
    placed: ['completed', 'cancelled'],
    completed: [],
    cancelled: [],
  },
};

export const PAYMENT_MACHINE: Machine<PaymentState> = {
  name: 'payment',
  transitions: {
    unpaid: ['authorized', 'paid', 'failed'],
    authorized: ['paid', 'failed'],
    // A declined card leaves the order payable: a new attempt may authorise or pay it.
    failed: ['authorized', 'paid', 'failed'],
    paid: ['partially_refunded', 'refunded'],
    partially_refunded: ['partially_refunded', 'refunded'],
    refunded: [],
  },
};

export const FULFILMENT_MACHINE: Machine<FulfilmentState> = {
  name: 'fulfilment',
  transitions: {
    unfulfilled: ['shipped'],
    shipped: ['delivered', 'returned'],
    delivered: ['returned'],
    returned: [],
  },
};

export function canMove<S extends string>(machine: Machine<S>, from: S, to: S): boolean {
  return machine.transitions[from].includes(to);
}

/** The states a machine may move to `to` from: the "from" of a compare-and-set update. */
export function fromStates<S extends string>(machine: Machine<S>, to: S): S[] {
  return (Object.keys(machine.transitions) as S[]).filter((from) => machine.transitions[from].includes(to));
}

const WORDS: Record<string, string> = {
  awaiting_payment: 'awaiting payment',
  partially_refunded: 'partially refunded',
};
export const stateWords = (state: string): string => WORDS[state] ?? state;

/** The message of a refused move, e.g. "The payment is refunded and cannot become paid". */
export function moveRefusal<S extends string>(machine: Machine<S>, from: S, to: S): string {
  const subject = machine.name === 'order' ? 'The order' : `The ${machine.name}`;
  if (from === to) return `${subject} is already ${stateWords(from)}`;
  const allowed = machine.transitions[from];
  return allowed.length === 0
    ? `${subject} is ${stateWords(from)} and cannot change any more`
    : `${subject} is ${stateWords(from)} and cannot become ${stateWords(to)} (allowed: ${allowed.map(stateWords).join(', ')})`;
}

/** The three states of an order. */
export interface OrderStates {
  state: OrderState;
  paymentState: PaymentState;
  fulfilmentState: FulfilmentState;
}

/**
 * The single status older callers read (GET /api/orders?filter={"status":…}, the console's tabs): cancelled,
 * then how far the parcel went, then whether the money came in.
 */
export function legacyStatusOf(s: OrderStates): OrderStatus {
  if (s.state === 'cancelled') return 'cancelled';
  if (s.fulfilmentState === 'delivered' || s.fulfilmentState === 'returned') return 'delivered';
  if (s.fulfilmentState === 'shipped') return 'shipped';
  if (s.paymentState === 'paid' || s.paymentState === 'partially_refunded' || s.paymentState === 'refunded' || s.paymentState === 'authorized')
    return 'paid';
  return 'pending';
}

/** The payment states in which money was taken (and may be refunded). */
export const MONEY_TAKEN: readonly PaymentState[] = ['paid', 'partially_refunded'];

/**
 * The three states of an order written before the machines existed, from its status and timestamps: what the
 * startup migration stores, and what reads assume until it ran.
 */
export function statesOfLegacy(o: {
  status: OrderStatus;
  paidAt?: Date | null;
  refundedAt?: Date | null;
  deliveredAt?: Date | null;
  paymentMethod: string;
}): OrderStates {
  const paymentState: PaymentState = o.refundedAt ? 'refunded' : o.paidAt ? 'paid' : 'unpaid';
  const fulfilmentState: FulfilmentState =
    o.status === 'delivered' || o.deliveredAt ? 'delivered' : o.status === 'shipped' ? 'shipped' : 'unfulfilled';
  let state: OrderState = 'placed';
  if (o.status === 'cancelled') state = 'cancelled';
  else if (fulfilmentState === 'delivered' && paymentState !== 'unpaid') state = 'completed';
  return { state, paymentState, fulfilmentState };
}

/** The states of an order document, migrated or not. */
export function statesOf(o: {
  state?: OrderState | null;
  paymentState?: PaymentState | null;
  fulfilmentState?: FulfilmentState | null;
  status: OrderStatus;
  paidAt?: Date | null;
  refundedAt?: Date | null;
  deliveredAt?: Date | null;
  paymentMethod: string;
}): OrderStates {
  if (o.state && o.paymentState && o.fulfilmentState) return { state: o.state, paymentState: o.paymentState, fulfilmentState: o.fulfilmentState };
  return statesOfLegacy(o);
}
