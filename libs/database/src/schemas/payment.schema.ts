import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

/**
 * Where one payment attempt stands:
 * - creating: recorded, the provider not asked yet or its answer lost (a retry asks again with the same key);
 * - pending: the provider holds an intent the shopper may still pay (or is paying: processing, 3-D Secure);
 * - succeeded, failed (declined), cancelled: settled; a new attempt (new record, new key) may follow a failed or cancelled one.
 */
export const PAYMENT_ATTEMPT_STATUSES = ['creating', 'pending', 'succeeded', 'failed', 'cancelled'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * One payment attempt of a card order: one per provider intent. Its _id is the provider's idempotency key, so a
 * retried creation after a lost answer or a provider error makes one intent, never two charges.
 */
@Schema({ collection: 'payment_attempts', timestamps: true })
export class PaymentAttempt {
  @Prop({ type: Types.ObjectId, ref: 'Order', required: true })
  order!: Types.ObjectId;

  @Prop({ type: String, required: true })
  provider!: 'stripe';

  @Prop({ required: true, min: 1 })
  amountCents!: number;

  @Prop({ type: String, required: true })
  currency!: 'usd';

  /** The provider's intent (a Stripe PaymentIntent id), once created. */
  @Prop({ type: String })
  intentId?: string;

  @Prop({ type: String, enum: PAYMENT_ATTEMPT_STATUSES, required: true })
  status!: PaymentAttemptStatus;

  /** The provider's message for a declined payment. */
  @Prop({ type: String })
  failure?: string;

  createdAt!: Date;
  updatedAt!: Date;
}
export type PaymentAttemptDocument = HydratedDocument<PaymentAttempt>;
export const PaymentAttemptSchema = SchemaFactory.createForClass(PaymentAttempt);
PaymentAttemptSchema.index({ intentId: 1 }, { unique: true, sparse: true });
PaymentAttemptSchema.index({ status: 1, createdAt: 1 });
PaymentAttemptSchema.index({ order: 1, createdAt: -1 });

/**
 * A webhook event received from Stripe, under its event id (the _id, unique): a duplicate delivery, or the same
 * event reaching two API instances, finds it there and has no second effect. processedAt is set by the job.
 */
@Schema({ collection: 'stripe_events', timestamps: { createdAt: 'receivedAt', updatedAt: false } })
export class StripeEvent {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  type!: string;

  /** The PaymentIntent the event is about, when it is about one. */
  @Prop({ type: String })
  intentId?: string;

  @Prop({ type: Date })
  processedAt?: Date;

  receivedAt!: Date;
}
export type StripeEventDocument = HydratedDocument<StripeEvent>;
export const StripeEventSchema = SchemaFactory.createForClass(StripeEvent);
