import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

export const COUPON_TYPES = ['percent', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** A discount code. The code is stored upper-cased, so uniqueness is case-insensitive. */
@Schema({ timestamps: true, collection: 'coupons', strictQuery: 'throw' })
export class Coupon {
  _id!: Types.ObjectId;

  @Prop({ required: true, uppercase: true, trim: true, maxlength: 40 })
  code!: string;

  @Prop({ type: String, trim: true, maxlength: 200 })
  description?: string;

  @Prop({ type: String, enum: COUPON_TYPES, required: true })
  type!: CouponType;

  /** percent: whole percent 1–100; fixed: integer cents off. */
  @Prop({ required: true, min: 0 })
  value!: number;

  @Prop({ required: true, min: 0, default: 0 })
  minSubtotalCents!: number;

  @Prop({ type: Date })
  startsAt?: Date | null;

  @Prop({ type: Date })
  endsAt?: Date | null;

  /** Total redemptions allowed; absent = unlimited. */
  @Prop({ type: Number, min: 1 })
  maxRedemptions?: number | null;

  /** Redemptions allowed per customer; absent = unlimited. */
  @Prop({ type: Number, min: 1 })
  perCustomerLimit?: number | null;

  @Prop({ required: true, min: 0, default: 0 })
  redemptions!: number;

  /** `<orderId>:coupon` of cancelled orders whose redemption was given back here, while their restock is under way. */
  @Prop({ type: [String], default: undefined })
  releaseMarks?: string[];

  @Prop({ default: true })
  active!: boolean;

  /** Listed on the offers page. */
  @Prop({ default: false })
  public!: boolean;

  createdAt!: Date;
  updatedAt!: Date;
}

export type CouponDocument = HydratedDocument<Coupon>;
export const CouponSchema = SchemaFactory.createForClass(Coupon);
CouponSchema.index({ code: 1 }, { unique: true });
CouponSchema.index({ active: 1, public: 1 });

/** How many times one customer redeemed one coupon (a counter per pair, for perCustomerLimit). */
@Schema({ timestamps: true, collection: 'coupon_redemptions', strictQuery: 'throw' })
export class CouponRedemption {
  _id!: Types.ObjectId;

  @Prop({ type: Types.ObjectId, ref: 'Coupon', required: true })
  coupon!: Types.ObjectId;

  @Prop({ type: Types.ObjectId, ref: 'User', required: true })
  user!: Types.ObjectId;

  @Prop({ required: true, min: 0, default: 0 })
  count!: number;

  /** As Coupon.releaseMarks, for this customer's counter. */
  @Prop({ type: [String], default: undefined })
  releaseMarks?: string[];
}

export type CouponRedemptionDocument = HydratedDocument<CouponRedemption>;
export const CouponRedemptionSchema = SchemaFactory.createForClass(CouponRedemption);
CouponRedemptionSchema.index({ coupon: 1, user: 1 }, { unique: true });
