import { Injectable } from '@nestjs/common';
import {
  OrdersRepository,
  type FulfilmentState,
  type OrderActor,
  type OrderDocument,
  type OrderEvent,
  type OrderMail,
  type OrderMoveInput,
  type OrderState,
  type PaymentState,
} from '@shop/database';
import {
  FULFILMENT_MACHINE,
  legacyStatusOf,
  MONEY_TAKEN,
  moveRefusal,
  ORDER_MACHINE,
  PAYMENT_MACHINE,
  canMove,
  statesOf,
  type Machine,
  type OrderStates,
} from './order-machines';
import { OrderMailsService } from './order-mails.service';
import { OrderRestockService } from './order-restock.service';

/** Why a move was refused: a stable code for clients and a sentence for people (the API answers 409). */
export interface MoveRefusal {
  code: 'INVALID_TRANSITION' | 'ORDER_CHANGED';
  message: string;
}

export type MoveResult = { ok: true; order: OrderDocument } | { ok: false; refusal: MoveRefusal };

/** A move of one or more machines, with what comes with it. */
export interface OrderMove {
  order?: OrderState;
  payment?: PaymentState;
  fulfilment?: FulfilmentState;
  /** Fields written with the move (shipment, payment, cancellation details). */
  set?: Omit<OrderMoveInput['set'], 'state' | 'paymentState' | 'fulfilmentState' | 'status'>;
  event?: OrderEvent;
  actor?: OrderActor;
  reason?: string;
  mails?: OrderMail[];
  restock?: boolean;
  pushRefund?: OrderMoveInput['pushRefund'];
  /** Compare the refunds' sum as read (a refund's reservation). */
  guardRefunds?: boolean;
  /** Bookkeeping only: no history entry. */
  silent?: boolean;
  at?: Date;
}

/**
 * Applies moves of an order's three machines (order-machines.ts): each changed machine must allow its move; an
 * order delivered with its money taken completes by itself; the legacy status is derived; the write is a
 * compare-and-set on the states the order was read in, with the history entry, the mails it owes and the restock
 * flag in the same update; then the restock and the mails follow (both crash-safe through their sweeps). Used by
 * the API's actions and by the worker's payment jobs alike.
 */
@Injectable()
export class OrderTransitionsService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly mails: OrderMailsService,
    private readonly restocks: OrderRestockService,
  ) {}

  /** The order's states after a move, or why it is refused. */
  plan(order: OrderDocument, move: OrderMove): { states: OrderStates } | { refusal: MoveRefusal } {
    const now = statesOf(order);
    const next: OrderStates = {
      state: move.order ?? now.state,
      paymentState: move.payment ?? now.paymentState,
      fulfilmentState: move.fulfilment ?? now.fulfilmentState,
    };
    const refused = <S extends string>(machine: Machine<S>, from: S, to: S | undefined) =>
      to !== undefined && !canMove(machine, from, to) ? moveRefusal(machine, from, to) : undefined;
    const message =
      refused(ORDER_MACHINE, now.state, move.order) ??
      refused(PAYMENT_MACHINE, now.paymentState, move.payment) ??
      refused(FULFILMENT_MACHINE, now.fulfilmentState, move.fulfilment);
    if (message) return { refusal: { code: 'INVALID_TRANSITION', message } };
    // Delivered with the money taken: nothing is left to do, the order is completed.
    if (next.state === 'placed' && next.fulfilmentState === 'delivered' && MONEY_TAKEN.includes(next.paymentState)) next.state = 'completed';
    return { states: next };
  }

  /** Queues the mails a new order owes (written with it); the sweep retries any that fail. */
  async sendOwed(order: OrderDocument): Promise<void> {
    for (const mail of (order.pendingMails ?? []) as OrderMail[]) await this.mails.send(order, mail);
  }

  async apply(order: OrderDocument, move: OrderMove): Promise<MoveResult> {
    const planned = this.plan(order, move);
    if ('refusal' in planned) return { ok: false, refusal: planned.refusal };
    const now = statesOf(order);
    const migrated = Boolean(order.state);
    const at = move.at ?? new Date();
    const updated = await this.orders.move(order._id, {
      expect: {
        ...(migrated ? now : {}),
        status: order.status,
        ...(move.guardRefunds ? { refundedCents: order.refundedCents ?? 0 } : {}),
      },
      set: { ...(move.set ?? {}), ...planned.states, status: legacyStatusOf(planned.states) },
      ...(move.silent
        ? {}
        : {
            history: {
              at,
              ...(move.event ? { event: move.event } : {}),
              ...(move.actor ? { actor: move.actor } : {}),
              ...(move.reason ? { reason: move.reason } : {}),
            },
          }),
      ...(move.mails ? { mails: move.mails } : {}),
      ...(move.restock ? { restock: true } : {}),
      ...(move.pushRefund ? { pushRefund: move.pushRefund } : {}),
    });
    if (!updated) return { ok: false, refusal: { code: 'ORDER_CHANGED', message: 'The order was changed meanwhile; reload it and try again' } };
    // Recorded on the order in the same update: a restock (units and coupon) cut short here is finished by the sweep.
    if (move.restock) await this.restocks.restock(updated);
    for (const mail of move.mails ?? []) await this.mails.send(updated, mail);
    return { ok: true, order: updated };
  }
}
