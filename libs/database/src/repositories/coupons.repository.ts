import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '../mongo-errors';
import { Coupon, CouponDocument, CouponRedemption, CouponType } from '../schemas/coupon.schema';
import { findPage } from './find-page';

export interface CouponFields {
  code: string;
  description?: string;
  type: CouponType;
  value: number;
  minSubtotalCents: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxRedemptions?: number | null;
  perCustomerLimit?: number | null;
  active: boolean;
  public: boolean;
}

export interface CouponListFilter {
  q?: string;
  active?: boolean;
  public?: boolean;
  type?: CouponType;
  ids?: Types.ObjectId[];
}

/** Coupons and their redemption counters. Redemptions are counted with conditional atomic updates. */
@Injectable()
export class CouponsRepository {
  constructor(
    @InjectModel(Coupon.name) private readonly model: Model<Coupon>,
    @InjectModel(CouponRedemption.name) private readonly redemptions: Model<CouponRedemption>,
  ) {}

  create(fields: CouponFields): Promise<CouponDocument> {
    return this.model.create({ ...fields, code: fields.code.toUpperCase() });
  }

  findById(id: Types.ObjectId): Promise<CouponDocument | null> {
    return this.model.findById(id).exec();
  }

  findByCode(code: string): Promise<CouponDocument | null> {
    return this.model.findOne({ code: code.trim().toUpperCase() }).exec();
  }

  update(id: Types.ObjectId, fields: Partial<CouponFields>): Promise<CouponDocument | null> {
    const set: Record<string, unknown> = { ...fields };
    if (fields.code) set.code = fields.code.toUpperCase();
    return this.model.findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after', runValidators: true }).exec();
  }

  async delete(id: Types.ObjectId): Promise<boolean> {
    const done = await this.model.deleteOne({ _id: id }).exec();
    return done.deletedCount > 0;
  }

  async list(
    filter: CouponListFilter,
    sort: { field: string; order: 1 | -1 },
    skip: number,
    limit: number,
    escapedQ?: string,
  ): Promise<{ rows: CouponDocument[]; total: number }> {
    const query: Record<string, unknown> = {};
    if (escapedQ) query.code = { $regex: escapedQ, $options: 'i' };
    if (filter.active !== undefined) query.active = filter.active;
    if (filter.public !== undefined) query.public = filter.public;
    if (filter.type) query.type = filter.type;
    if (filter.ids) query._id = { $in: filter.ids };
    return findPage(this.model, query, sort, skip, limit);
  }

  /** Active, public coupons that have not ended (the offers page). */
  listPublic(now: Date): Promise<CouponDocument[]> {
    return this.model
      .find({ active: true, public: true, $or: [{ endsAt: null }, { endsAt: { $gt: now } }] })
      .sort({ createdAt: -1 })
      .limit(100)
      .exec();
  }

  async customerRedemptions(coupon: Types.ObjectId, user: Types.ObjectId): Promise<number> {
    const row = await this.redemptions.findOne({ coupon, user }).lean().exec();
    return row?.count ?? 0;
  }

  /**
   * Counts one redemption for the customer if they are under `limit`: a conditional upsert on the
   * (coupon, user) counter. When the counter is at the limit the filter misses, the upsert collides
   * with the unique index, and the answer is false.
   */
  async redeemForCustomer(coupon: Types.ObjectId, user: Types.ObjectId, limit: number): Promise<boolean> {
    try {
      await this.redemptions.findOneAndUpdate({ coupon, user, count: { $lt: limit } }, { $inc: { count: 1 } }, { upsert: true }).exec();
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async releaseForCustomer(coupon: Types.ObjectId, user: Types.ObjectId): Promise<void> {
    await this.redemptions.updateOne({ coupon, user, count: { $gt: 0 } }, { $inc: { count: -1 } }).exec();
  }

  /** Counts one redemption if the coupon is active and under maxRedemptions (conditional $inc). */
  async redeem(coupon: Types.ObjectId, maxRedemptions: number | null | undefined): Promise<boolean> {
    // The limit read by the caller is part of the filter: if an admin changed it meanwhile, nothing is counted.
    const filter: Record<string, unknown> = { _id: coupon, active: true, maxRedemptions: maxRedemptions ?? null };
    if (typeof maxRedemptions === 'number') filter.redemptions = { $lt: maxRedemptions };
    const done = await this.model.updateOne(filter, { $inc: { redemptions: 1 } }).exec();
    return done.modifiedCount > 0;
  }

  async release(coupon: Types.ObjectId): Promise<void> {
    await this.model.updateOne({ _id: coupon, redemptions: { $gt: 0 } }, { $inc: { redemptions: -1 } }).exec();
  }

  /**
   * Gives back a cancelled order's redemption once, on the coupon and on the customer's counter: each update
   * carries `mark` (`<orderId>:coupon`) and matches only while the document lacks it.
   */
  async releaseOnce(coupon: Types.ObjectId, user: Types.ObjectId | null | undefined, mark: string): Promise<void> {
    await this.model
      .updateOne({ _id: coupon, redemptions: { $gt: 0 }, releaseMarks: { $ne: mark } }, { $inc: { redemptions: -1 }, $push: { releaseMarks: mark } })
      .exec();
    if (user) {
      await this.redemptions
        .updateOne({ coupon, user, count: { $gt: 0 }, releaseMarks: { $ne: mark } }, { $inc: { count: -1 }, $push: { releaseMarks: mark } })
        .exec();
    }
  }

  /** The order's restock is recorded as finished: its marks are no longer needed. */
  async dropReleaseMarks(coupon: Types.ObjectId, mark: string): Promise<void> {
    await this.model.updateOne({ _id: coupon, releaseMarks: mark }, { $pull: { releaseMarks: mark } }, { timestamps: false }).exec();
    await this.redemptions.updateMany({ coupon, releaseMarks: mark }, { $pull: { releaseMarks: mark } }, { timestamps: false }).exec();
  }
}
