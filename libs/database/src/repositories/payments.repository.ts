import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '../mongo-errors';
import { Order, type OrderDocument } from '../schemas/order.schema';
import {
  PaymentAttempt,
  StripeEvent,
  type PaymentAttemptDocument,
  type PaymentAttemptStatus,
  type StripeEventDocument,
} from '../schemas/payment.schema';

/** The settled outcome of an attempt as the provider reports it. */
export interface AttemptOutcome {
  status: PaymentAttemptStatus;
  intentId?: string;
  failure?: string;
}

/** Payment attempts (payment_attempts) and received Stripe events (stripe_events). */
@Injectable()
export class PaymentsRepository {
  constructor(
    @InjectModel(PaymentAttempt.name) private readonly attempts: Model<PaymentAttempt>,
    @InjectModel(StripeEvent.name) private readonly events: Model<StripeEvent>,
    @InjectModel(Order.name) private readonly orders: Model<Order>,
  ) {}

  /** A new attempt (status creating); its id is the idempotency key of the intent's creation. */
  createAttempt(attempt: { order: Types.ObjectId; amountCents: number; currency: 'usd'; provider: 'stripe' }): Promise<PaymentAttemptDocument> {
    return this.attempts.create({ ...attempt, status: 'creating' });
  }

  findAttempt(id: Types.ObjectId): Promise<PaymentAttemptDocument | null> {
    return this.attempts.findById(id).exec();
  }

  findAttemptByIntent(intentId: string): Promise<PaymentAttemptDocument | null> {
    return this.attempts.findOne({ intentId }).exec();
  }

  attemptsOf(order: Types.ObjectId): Promise<PaymentAttemptDocument[]> {
    return this.attempts.find({ order }).sort({ createdAt: 1, _id: 1 }).exec();
  }

  /** The provider made the intent: the attempt is pending (unless something settled it meanwhile). */
  intentCreated(id: Types.ObjectId, intentId: string): Promise<PaymentAttemptDocument | null> {
    return this.attempts
      .findOneAndUpdate({ _id: id, status: 'creating' }, { $set: { intentId, status: 'pending' } }, { returnDocument: 'after' })
      .exec();
  }

  /** Records where the attempt stands at the provider (settled states are final but for a late success). */
  async settle(id: Types.ObjectId, outcome: AttemptOutcome): Promise<void> {
    const set: Record<string, unknown> = { status: outcome.status };
    if (outcome.intentId) set.intentId = outcome.intentId;
    if (outcome.failure) set.failure = outcome.failure;
    await this.attempts.updateOne({ _id: id, status: { $ne: 'succeeded' } }, { $set: set }).exec();
  }

  /** Attempts still open (creating or pending) created before `before`, oldest first: the reconciler's work. */
  openBefore(before: Date, limit: number): Promise<PaymentAttemptDocument[]> {
    return this.attempts
      .find({ status: { $in: ['creating', 'pending'] }, createdAt: { $lt: before } })
      .sort({ createdAt: 1 })
      .limit(limit)
      .exec();
  }

  /**
   * Makes `attempt` the order's current attempt, only if the order is still awaiting payment with `current` as its
   * attempt (null: none): two clicks on "Pay" cannot start two attempts. Null when the order changed meanwhile.
   */
  useAttempt(order: Types.ObjectId, current: Types.ObjectId | undefined, attempt: Types.ObjectId): Promise<OrderDocument | null> {
    return this.orders
      .findOneAndUpdate(
        { _id: order, state: 'awaiting_payment', paymentAttempt: current ?? { $exists: false } },
        { $set: { paymentAttempt: attempt } },
        { returnDocument: 'after' },
      )
      .exec();
  }

  /** Records a received event; false when its id was recorded before (a duplicate delivery). */
  async recordEvent(event: { id: string; type: string; intentId?: string }): Promise<boolean> {
    try {
      await this.events.create({ _id: event.id, type: event.type, ...(event.intentId ? { intentId: event.intentId } : {}) });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  findEvent(id: string): Promise<StripeEventDocument | null> {
    return this.events.findById(id).exec();
  }

  async eventProcessed(id: string): Promise<void> {
    await this.events.updateOne({ _id: id }, { $set: { processedAt: new Date() } }).exec();
  }
}
