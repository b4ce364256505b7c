import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type PipelineStage } from 'mongoose';
import { Product, type ReviewStatus } from '../schemas/product.schema';
import type { StoredReview } from './products.repository';

/** A review stored before moderation existed has no status: it counts as approved. */
export function reviewStatusOf(review: { status?: ReviewStatus | null }): ReviewStatus {
  return review.status ?? 'approved';
}

/** The stored status values a review in this state may have (approved includes none at all). */
function statusCondition(status: ReviewStatus): unknown {
  return status === 'approved' ? { $nin: ['pending', 'rejected'] } : status;
}

/** A typed filter of the moderation list; the repository alone turns it into a query. */
export interface ReviewFilter {
  status?: ReviewStatus;
  product?: Types.ObjectId;
  user?: Types.ObjectId;
  /** A literal (escaped) pattern on the comment, the reviewer's name or the product's name. */
  text?: RegExp;
}

export interface ReviewSort {
  field: 'createdAt' | 'rating' | 'status' | 'name' | 'productName';
  order: 1 | -1;
}

/** One review of the moderation list, with its product's id and name. */
export interface ReviewListRecord extends StoredReview {
  product: { _id: Types.ObjectId; name: string };
}

/** A product's counts after a moderation. */
export interface ProductRatingChange {
  product: Types.ObjectId;
  rating: number;
  numReviews: number;
}

export interface ReviewStatusResult {
  /** Reviews now in the requested status (changed, or already in it). */
  ids: Types.ObjectId[];
  /** Ids that name no review. */
  missing: Types.ObjectId[];
  /** Every product whose reviews were touched, with its counts afterwards. */
  products: ProductRatingChange[];
}

const SORT_PATHS: Record<ReviewSort['field'], string> = {
  createdAt: 'reviews.createdAt',
  rating: 'reviews.rating',
  status: 'reviews.status',
  name: 'reviews.name',
  productName: 'name',
};

function averageRating(total: number, count: number): number {
  return count > 0 ? Math.round((total / count) * 10) / 10 : 0;
}

/** How often a status change retries when another write moved the same review in between. */
const ATTEMPTS = 3;

/**
 * Reviews across products (they are embedded in their product): the moderation list and status changes. A status
 * change moves numReviews and ratingTotal in the same guarded update as the status (only approved reviews count),
 * then writes the average the way ProductsRepository does for a new review.
 */
@Injectable()
export class ReviewsRepository {
  constructor(@InjectModel(Product.name) private readonly model: Model<Product>) {}

  private pipeline(filter: ReviewFilter): PipelineStage[] {
    const before: Record<string, unknown> = { 'reviews.0': { $exists: true } };
    if (filter.product) before._id = filter.product;
    if (filter.user) before['reviews.user'] = filter.user;
    const after: Record<string, unknown> = {};
    if (filter.status) after['reviews.status'] = statusCondition(filter.status);
    if (filter.user) after['reviews.user'] = filter.user;
    if (filter.text) after.$or = [{ 'reviews.comment': filter.text }, { 'reviews.name': filter.text }, { name: filter.text }];
    return [{ $match: before }, { $project: { name: 1, reviews: 1 } }, { $unwind: '$reviews' }, { $match: after }];
  }

  /** One page of reviews matching the filter, with their product's id and name. */
  async find(filter: ReviewFilter, sort: ReviewSort, skip: number, limit: number): Promise<ReviewListRecord[]> {
    const path = SORT_PATHS[sort.field];
    const rows = await this.model
      .aggregate<{ _id: Types.ObjectId; name: string; reviews: Omit<ReviewListRecord, 'product'> }>([
        ...this.pipeline(filter),
        { $sort: { [path]: sort.order, 'reviews._id': sort.order } },
        { $skip: skip },
        { $limit: limit },
      ])
      .exec();
    return rows.map((row) => ({ ...row.reviews, product: { _id: row._id, name: row.name } }));
  }

  async countMatching(filter: ReviewFilter): Promise<number> {
    const [row] = await this.model.aggregate<{ n: number }>([...this.pipeline(filter), { $count: 'n' }]).exec();
    return row?.n ?? 0;
  }

  /**
   * Sets the status of each named review. Each change is one update guarded by the review's previous status that
   * also moves the counts (approved in: +1, approved out: -1), so concurrent changes never count a review twice;
   * each touched product's average is then written from its counts.
   */
  async setStatus(ids: Types.ObjectId[], status: ReviewStatus): Promise<ReviewStatusResult> {
    const products = await this.model
      .find({ 'reviews._id': { $in: ids } }, { _id: 1 })
      .lean<Array<{ _id: Types.ObjectId }>>()
      .exec();
    const wanted = new Set(ids.map(String));
    const found = new Set<string>();
    const changes: ProductRatingChange[] = [];
    for (const { _id: productId } of products) {
      let counts: { numReviews: number; ratingTotal: number } | null = null;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const product = await this.model
          .findById(productId, { numReviews: 1, ratingTotal: 1, 'reviews._id': 1, 'reviews.status': 1, 'reviews.rating': 1 })
          .lean<{ numReviews?: number; ratingTotal?: number; reviews?: Array<{ _id: Types.ObjectId; status?: ReviewStatus; rating: number }> }>()
          .exec();
        if (!product) break;
        counts = { numReviews: product.numReviews ?? 0, ratingTotal: product.ratingTotal ?? 0 };
        let raced = false;
        for (const review of product.reviews ?? []) {
          if (!wanted.has(String(review._id))) continue;
          found.add(String(review._id));
          const from = reviewStatusOf(review);
          if (from === status) continue;
          const delta = status === 'approved' ? 1 : from === 'approved' ? -1 : 0;
          const updated = await this.model
            .findOneAndUpdate(
              { _id: productId, reviews: { $elemMatch: { _id: review._id, status: statusCondition(from) } } },
              { $set: { 'reviews.$.status': status }, ...(delta !== 0 ? { $inc: { numReviews: delta, ratingTotal: delta * review.rating } } : {}) },
              { returnDocument: 'after', projection: { numReviews: 1, ratingTotal: 1 } },
            )
            .lean<{ numReviews: number; ratingTotal: number }>()
            .exec();
          if (!updated) {
            raced = true;
            continue;
          }
          counts = { numReviews: updated.numReviews, ratingTotal: updated.ratingTotal };
        }
        if (!raced) break;
      }
      if (!counts) continue;
      const rating = averageRating(counts.ratingTotal, counts.numReviews);
      await this.model.updateOne({ _id: productId, numReviews: counts.numReviews, ratingTotal: counts.ratingTotal }, { $set: { rating } }).exec();
      changes.push({ product: productId, rating, numReviews: counts.numReviews });
    }
    const missing = ids.filter((id) => !found.has(String(id)));
    return { ids: ids.filter((id) => found.has(String(id))), missing, products: changes };
  }
}
