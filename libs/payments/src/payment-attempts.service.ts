import { Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import {
  orderNumberOf,
  OrdersRepository,
  PaymentsRepository,
  type OrderDocument,
  type PaymentAttemptDocument,
  type PaymentAttemptStatus,
} from '@shop/database';
import { OrderTransitionsService, statesOf, type OrderMove } from '@shop/orders';
import type { ProviderPayment, ProviderPaymentStatus } from './payment-provider';
import { StripePaymentProvider } from './stripe-payment.provider';

/** What the browser needs to pay an attempt. */
export interface StartedAttempt {
  attemptId: string;
  clientSecret: string;
  amountCents: number;
}

export type StartResult = { ok: true; attempt: StartedAttempt } | { ok: false; reason: 'ORDER_CHANGED' | 'ALREADY_PAID' };

/** How many times a move lost to a concurrent change is re-read and tried again. */
const MOVE_TRIES = 5;

export function attemptStatusOf(status: ProviderPaymentStatus): PaymentAttemptStatus {
  switch (status) {
    case 'succeeded':
    case 'authorized':
      return 'succeeded';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'pending';
  }
}

/**
 * Card payment attempts and what their intents mean for the order. An attempt is recorded (and made the order's
 * current one) before Stripe is asked, with its id as the idempotency key; the intent's state is always read from
 * Stripe (`retrieve`) and applied with a compare-and-set move (OrderTransitionsService), so a webhook delivered
 * twice, late or out of order, and the reconciler running at the same time, all end in the same order.
 */
@Injectable()
export class PaymentAttemptsService {
  private readonly logger = new Logger(PaymentAttemptsService.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly orders: OrdersRepository,
    private readonly transitions: OrderTransitionsService,
    private readonly stripe: StripePaymentProvider,
  ) {}

  /**
   * The attempt the shopper pays now: the current one while it can still be paid, asked again of Stripe with the
   * same key while its creation has no answer yet (an error, a lost reply), else a new attempt with a new key. The
   * order must be awaiting payment (the caller checks). Throws PaymentProviderError when Stripe fails.
   */
  async start(order: OrderDocument, customerEmail: string | undefined): Promise<StartResult> {
    const current = order.paymentAttempt ? await this.payments.findAttempt(order.paymentAttempt) : null;
    if (current?.status === 'creating') return { ok: true, attempt: await this.create(order, current, customerEmail) };
    if (current?.status === 'pending' && current.intentId) {
      const payment = await this.stripe.retrieve(current.intentId);
      const status = attemptStatusOf(payment.status);
      if (status === 'pending' && payment.clientSecret)
        return { ok: true, attempt: { attemptId: current.id, clientSecret: payment.clientSecret, amountCents: current.amountCents } };
      await this.apply(current, payment);
      if (status === 'succeeded') return { ok: false, reason: 'ALREADY_PAID' };
    }
    const attempt = await this.payments.createAttempt({ order: order._id, amountCents: order.totalCents, currency: 'usd', provider: 'stripe' });
    // Two clicks on "Pay" at once: one attempt becomes the order's, the other is refused (and left unused).
    if (!(await this.payments.useAttempt(order._id, order.paymentAttempt, attempt._id))) return { ok: false, reason: 'ORDER_CHANGED' };
    return { ok: true, attempt: await this.create(order, attempt, customerEmail) };
  }

  private async create(order: OrderDocument, attempt: PaymentAttemptDocument, customerEmail: string | undefined): Promise<StartedAttempt> {
    const payment = await this.stripe.createAttempt({
      orderId: order.id,
      orderNumber: orderNumberOf(order._id),
      attemptId: attempt.id,
      amountCents: attempt.amountCents,
      currency: 'usd',
      ...(customerEmail ? { customerEmail } : {}),
    });
    if (!payment.reference || !payment.clientSecret) throw new Error('Stripe answered a PaymentIntent without an id or client secret');
    await this.payments.intentCreated(attempt._id, payment.reference);
    return { attemptId: attempt.id, clientSecret: payment.clientSecret, amountCents: attempt.amountCents };
  }

  /** A verified webhook event's job: the intent's current state, applied to its order; then the event is done. */
  async handleEvent(eventId: string, intentId: string): Promise<void> {
    let attempt = await this.payments.findAttemptByIntent(intentId);
    let payment: ProviderPayment | undefined;
    if (!attempt) {
      // The event may come before the intent's id was stored on its attempt: the intent's metadata names the attempt.
      payment = await this.stripe.retrieve(intentId);
      const byMetadata =
        payment.attemptId && Types.ObjectId.isValid(payment.attemptId)
          ? await this.payments.findAttempt(new Types.ObjectId(payment.attemptId))
          : null;
      if (byMetadata && !byMetadata.intentId) await this.payments.intentCreated(byMetadata._id, intentId);
      attempt = byMetadata;
    }
    if (attempt) await this.apply(attempt, payment ?? (await this.stripe.retrieve(intentId)));
    else this.logger.warn(`Stripe event ${eventId}: PaymentIntent ${intentId} belongs to no payment attempt of this shop; ignored`);
    await this.payments.eventProcessed(eventId);
  }

  /** Reads an attempt's intent from Stripe and applies it (the reconciler's resolution of an open attempt). */
  async sync(attempt: PaymentAttemptDocument): Promise<ProviderPayment | undefined> {
    if (!attempt.intentId) return undefined;
    const payment = await this.stripe.retrieve(attempt.intentId);
    await this.apply(attempt, payment);
    return payment;
  }

  /**
   * Before an order awaiting payment is cancelled (by the reconciler, the customer or an admin): every intent it has
   * at Stripe is looked up (one paid after all is applied: the order becomes paid) and cancelled, so nobody can pay a
   * cancelled order. 'released' when none is left payable; 'paid' or 'processing' when the order must not be cancelled.
   */
  async releaseIntents(orderId: Types.ObjectId): Promise<'released' | 'paid' | 'processing'> {
    for (const attempt of await this.payments.attemptsOf(orderId)) {
      if (!attempt.intentId || attempt.status === 'cancelled') continue;
      const payment = await this.stripe.retrieve(attempt.intentId);
      const status = attemptStatusOf(payment.status);
      if (status === 'succeeded') {
        await this.apply(attempt, payment);
        return 'paid';
      }
      // A bank debit or a 3-D Secure check still under way: not cut short.
      if (payment.status === 'processing') return 'processing';
      if (status !== 'cancelled') await this.stripe.cancel(attempt.intentId);
      await this.payments.settle(attempt._id, { status: 'cancelled' });
    }
    return 'released';
  }

  /** Records where the attempt stands and moves its order accordingly (re-read and retried when it lost a race). */
  async apply(attempt: PaymentAttemptDocument, payment: ProviderPayment): Promise<void> {
    const status = attemptStatusOf(payment.status);
    if (status !== attempt.status || (payment.failure && payment.failure !== attempt.failure)) {
      await this.payments.settle(attempt._id, { status, ...(payment.failure ? { failure: payment.failure } : {}) });
    }
    for (let i = 0; i < MOVE_TRIES; i++) {
      const order = await this.orders.findById(attempt.order);
      if (!order) return;
      const move = this.moveFor(order, attempt, payment);
      if (!move) return;
      const result = await this.transitions.apply(order, move);
      if (result.ok) return;
      if (result.refusal.code === 'INVALID_TRANSITION') {
        this.logger.warn(`payment ${payment.reference ?? ''} of order ${order.id} not applied: ${result.refusal.message}`);
        return;
      }
    }
    throw new Error(`order ${attempt.order.toHexString()} kept changing while its payment was applied`);
  }

  /** The move an intent's state asks of the order, or none (nothing new, or nothing it may change). */
  moveFor(order: OrderDocument, attempt: PaymentAttemptDocument, payment: ProviderPayment): OrderMove | undefined {
    const states = statesOf(order);
    const at = new Date();
    if (payment.status === 'succeeded' || payment.status === 'authorized') {
      if (states.state !== 'awaiting_payment') {
        if (states.state === 'cancelled')
          this.logger.error(`order ${order.id} is cancelled but its payment ${payment.reference ?? ''} succeeded: refund it`);
        return undefined;
      }
      const paid = payment.status === 'succeeded';
      return {
        order: 'placed',
        payment: paid ? 'paid' : 'authorized',
        set: {
          ...(paid ? { paidAt: at, paidCents: payment.amountCents } : {}),
          ...(payment.reference ? { paymentReference: payment.reference } : {}),
          paymentFailure: null,
          paymentAttempt: attempt._id,
        },
        event: 'payment',
        // The confirmation and the owner's alert were held back until the money came in.
        mails: ['placed', 'new-order-alert'],
        at,
      };
    }
    if (payment.status === 'failed') {
      const current = order.paymentAttempt?.equals(attempt._id) ?? false;
      const failure = payment.failure ?? 'The payment was declined';
      if (!current || states.state !== 'awaiting_payment' || !['unpaid', 'failed'].includes(states.paymentState)) return undefined;
      if (states.paymentState === 'failed' && order.paymentFailure === failure) return undefined;
      // The order stays awaiting payment (and its stock held): the shopper may try again with another card.
      return { payment: 'failed', set: { paymentFailure: failure }, event: 'payment', reason: failure, at };
    }
    return undefined;
  }
}
