import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An order lives in three state machines (apps: libs/orders order-machines.ts): the order itself, its payment and
 * its fulfilment. `status` is kept for older callers, derived from the three on every write (legacyStatusOf).
 */
export const ORDER_STATES = ['awaiting_payment', 'placed', 'completed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const PAYMENT_STATES = ['unpaid', 'authorized', 'paid', 'partially_refunded', 'refunded', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const FULFILMENT_STATES = ['unfulfilled', 'shipped', 'delivered', 'returned'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/**
 * A notice an order owes: to its customer ('placed', 'paid', 'shipped', 'delivered', 'cancelled', 'returned',
 * 'refunded:<refund id>'), or to the shop's owner ('new-order-alert'). 'confirmation' and 'status:<status>' are
 * the older spellings of orders written before the three machines; they are still honoured.
 */
export const ORDER_MAIL_KINDS = ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'returned', 'new-order-alert'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];
export type OrderMail = OrderMailKind | `refunded:${string}` | 'confirmation' | `status:${OrderStatus}`;
/** Every fixed value of OrderMail (refunds are matched by their prefix). */
export const ORDER_MAILS: readonly OrderMail[] = [...ORDER_MAIL_KINDS, 'confirmation', ...ORDER_STATUSES.map((s) => `status:${s}` as const)];

@Schema({ _id: false })
export class OrderItem {
  @Prop({ type: Types.ObjectId, ref: 'Product', required: true })
  product!: Types.ObjectId;

  @Prop({ required: true })
  name!: string;

  @Prop({ required: true })
  image!: string;

  @Prop({ type: String })
  variantSku?: string;

  @Prop({ type: String })
  size?: string;

  @Prop({ type: String })
  colour?: string;

  /** Catalog price at the time of the order, integer cents. */
  @Prop({ required: true, min: 0 })
  unitPriceCents!: number;

  @Prop({ required: true, min: 1 })
  quantity!: number;
}
export const OrderItemSchema = SchemaFactory.createForClass(OrderItem);

@Schema({ _id: false })
export class ShippingAddress {
  @Prop({ required: true }) fullName!: string;
  @Prop({ required: true }) address!: string;
  @Prop({ required: true }) city!: string;
  @Prop({ required: true }) postalCode!: string;
  @Prop({ required: true }) country!: string;
  @Prop({ required: true }) phone!: string;
}
export const ShippingAddressSchema = SchemaFactory.createForClass(ShippingAddress);

/** The kinds of history entries besides a status change. */
export const ORDER_EVENTS = ['status', 'payment', 'cancel', 'refund', 'note', 'shipment', 'delivery', 'return'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

@Schema({ _id: false })
export class OrderStatusChange {
  @Prop({ type: String, required: true })
  status!: OrderStatus;

  @Prop({ type: Date, required: true })
  at!: Date;

  /** Who made the change (absent for the system). */
  @Prop({ type: Types.ObjectId, ref: 'User' })
  by?: Types.ObjectId;

  /** The actor's name and e-mail as they were at the time of the change (kept if the account changes or goes). */
  @Prop({ type: String })
  byName?: string;

  @Prop({ type: String })
  byEmail?: string;

  /** What happened (absent: a status change): a payment, a refund or an internal note. `status` is the order's status after it. */
  @Prop({ type: String, enum: ORDER_EVENTS })
  event?: OrderEvent;

  /** The reason an admin gave for a cancellation or refund. */
  @Prop({ type: String })
  reason?: string;

  /** An internal note's text (admins only; never shown to the customer). */
  @Prop({ type: String })
  note?: string;
}
export const OrderStatusChangeSchema = SchemaFactory.createForClass(OrderStatusChange);

/** An internal note on an order, by an admin: never shown to the customer. */
@Schema({ _id: true })
export class OrderNote {
  _id!: Types.ObjectId;

  @Prop({ required: true })
  text!: string;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: Types.ObjectId, ref: 'User', required: true })
  by!: Types.ObjectId;

  @Prop({ type: String })
  byName?: string;

  @Prop({ type: String })
  byEmail?: string;
}
export const OrderNoteSchema = SchemaFactory.createForClass(OrderNote);

/**
 * A refund, recorded before the provider is asked (status 'pending'), so its id is the provider's idempotency key
 * and a retry after a crash or a timeout refunds once. The sum of refunds that did not fail never exceeds what was
 * paid (a conditional update on refundedCents).
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

@Schema({ _id: true })
export class OrderRefund {
  _id!: Types.ObjectId;
  @Prop({ required: true, min: 1 }) amountCents!: number;
  @Prop({ required: true }) reason!: string;
  @Prop({ type: String, enum: REFUND_STATUSES, required: true }) status!: RefundStatus;
  @Prop({ type: Date, required: true }) at!: Date;
  /** The provider's reference (a Stripe refund id; none for cash). */
  @Prop({ type: String }) reference?: string;
  /** The provider's message when it refused. */
  @Prop({ type: String }) failure?: string;
  @Prop({ type: Types.ObjectId, ref: 'User' }) by?: Types.ObjectId;
  @Prop({ type: String }) byName?: string;
  @Prop({ type: String }) byEmail?: string;
}
export const OrderRefundSchema = SchemaFactory.createForClass(OrderRefund);

/** Units of one order line sent back by the customer (index into items). */
@Schema({ _id: false })
export class ReturnedLine {
  @Prop({ required: true, min: 0 }) line!: number;
  @Prop({ required: true, min: 1 }) quantity!: number;
}
export const ReturnedLineSchema = SchemaFactory.createForClass(ReturnedLine);

/**
 * An order, built on the server from the cart. Money in integer cents. Account deletion anonymises
 * orders by the collection name 'orders' and the field user (ObjectId); keep both.
 */
@Schema({ timestamps: true, collection: 'orders', strictQuery: 'throw' })
export class Order {
  _id!: Types.ObjectId;

  @Prop({ type: Types.ObjectId, ref: 'User' })
  user?: Types.ObjectId | null;

  @Prop({ type: [OrderItemSchema], required: true })
  items!: OrderItem[];

  @Prop({ type: ShippingAddressSchema, required: true })
  shippingAddress!: ShippingAddress;

  @Prop({ required: true })
  paymentMethod!: string;

  /** The payment provider's reference, when it gives one. */
  @Prop({ type: String })
  paymentReference?: string;

  @Prop({ required: true, min: 0 }) subtotalCents!: number;
  @Prop({ required: true, min: 0 }) discountCents!: number;
  @Prop({ required: true, min: 0 }) taxCents!: number;
  @Prop({ required: true, min: 0 }) shippingCents!: number;
  @Prop({ required: true, min: 0 }) totalCents!: number;

  @Prop({ type: String })
  couponCode?: string;

  @Prop({ type: Types.ObjectId, ref: 'Coupon' })
  coupon?: Types.ObjectId;

  @Prop({ type: String, enum: ORDER_STATUSES, default: 'pending', required: true })
  status!: OrderStatus;

  @Prop({ type: [OrderStatusChangeSchema], default: [] })
  statusHistory!: OrderStatusChange[];

  /** The order's own machine (absent on orders written before it: the startup migration fills it). */
  @Prop({ type: String, enum: ORDER_STATES })
  state?: OrderState;

  @Prop({ type: String, enum: PAYMENT_STATES })
  paymentState?: PaymentState;

  @Prop({ type: String, enum: FULFILMENT_STATES })
  fulfilmentState?: FulfilmentState;

  /** What the customer paid (cents): the total once paid, 0 before. */
  @Prop({ type: Number, min: 0 })
  paidCents?: number;

  /** The sum of refunds not failed (cents): never above paidCents. */
  @Prop({ type: Number, min: 0 })
  refundedCents?: number;

  @Prop({ type: [OrderRefundSchema], default: undefined })
  refunds?: OrderRefund[];

  /** A card order awaiting payment holds its stock until then; the reconciler cancels it after. */
  @Prop({ type: Date })
  paymentDueBy?: Date;

  /** The current payment attempt (card): its id is the provider's idempotency key. */
  @Prop({ type: Types.ObjectId })
  paymentAttempt?: Types.ObjectId;

  /** The provider's last refusal of a payment (a declined card), shown to the customer. */
  @Prop({ type: String })
  paymentFailure?: string;

  @Prop({ type: String })
  carrier?: string;

  @Prop({ type: String })
  trackingNumber?: string;

  @Prop({ type: Date })
  shippedAt?: Date;

  @Prop({ type: Date })
  returnedAt?: Date;

  @Prop({ type: [ReturnedLineSchema], default: undefined })
  returnedLines?: ReturnedLine[];

  /** `<userId>:<Idempotency-Key>`: unique, so a repeated submission cannot create a second order (kept as is on anonymisation). */
  @Prop({ required: true })
  idempotencyKey!: string;

  /**
   * Mails this order still owes its customer ('confirmation', 'status:<status>'): written in the same update as
   * the change that causes them and removed once the mail job is queued, so a mail whose queueing failed (Redis
   * away, the process died) is queued later by the API's sweep instead of being lost.
   */
  @Prop({ type: [String], default: undefined })
  pendingMails?: string[];

  /**
   * True from the change that cancels the order (same update) until every line's units are back in stock:
   * a restock cut by a crash is finished by the API's sweep. Each line is given back at most once (a mark on
   * the product, InventoryRepository.putBackOnce).
   */
  @Prop({ type: Boolean, default: undefined })
  restockPending?: boolean;

  @Prop({ type: Date })
  paidAt?: Date;

  @Prop({ type: Date })
  deliveredAt?: Date;

  @Prop({ type: Date })
  cancelledAt?: Date;

  /** Why an admin cancelled the order. */
  @Prop({ type: String })
  cancelReason?: string;

  /** Set when the money of a paid order was given back (paidAt stays: the order was paid, then refunded). */
  @Prop({ type: Date })
  refundedAt?: Date;

  @Prop({ type: String })
  refundReason?: string;

  /** Internal notes by admins, oldest first; never shown to the customer. */
  @Prop({ type: [OrderNoteSchema], default: undefined })
  notes?: OrderNote[];

  createdAt!: Date;
  updatedAt!: Date;
}

export type OrderDocument = HydratedDocument<Order>;
export const OrderSchema = SchemaFactory.createForClass(Order);
OrderSchema.index({ idempotencyKey: 1 }, { unique: true });
OrderSchema.index({ user: 1, createdAt: -1 });
OrderSchema.index({ status: 1, createdAt: -1 });
OrderSchema.index({ state: 1, paymentDueBy: 1 });
OrderSchema.index({ createdAt: -1 });
OrderSchema.index({ pendingMails: 1 }, { sparse: true });
OrderSchema.index({ restockPending: 1 }, { sparse: true });
