import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type PipelineStage } from 'mongoose';
import { Product, type ReviewStatus } from '../schemas/product.schema';

/** A review stored before moderation existed has no status: it counts as approved. */
export function reviewStatusOf(review: { status?: ReviewStatus | null }): ReviewStatus {
  return review.status ?? 'approved';
}

/** The stored status values a review in this state may have (approved includes none at all). */
function statusCondition(status: ReviewStatus): unknown {
  return status === 'approved' ? { $nin: ['pending', 'rejected'] } : status;
}

export interface StoredReview {
  _id: Types.ObjectId;
  user: Types.ObjectId;
  name: string;
  rating: number;
  comment: string;
  verifiedPurchase: boolean;
  /** Missing on reviews stored before moderation: those count as approved. */
  status?: ReviewStatus;
  createdAt: Date;
}

export interface ReviewChange {
  rating: number;
  numReviews: number;
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
 * Every read and write of reviews (they are embedded in their product): a customer's own review (find, add, edit),
 * removal, the moderation list and status changes. Each write moves numReviews and ratingTotal in the same guarded
 * update as the review (only approved reviews count), then writes the average from those counts.
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

  /** The review this user wrote on the product: 'missing' when there is no such product, null when they wrote none. */
  async findByUser(productId: Types.ObjectId, user: Types.ObjectId): Promise<StoredReview | null | 'missing'> {
    const product = await this.model
      .findById(productId, { reviews: { $elemMatch: { user } } })
      .lean<{ reviews?: StoredReview[] }>()
      .exec();
    if (!product) return 'missing';
    return product.reviews?.[0] ?? null;
  }

  /**
   * Adds a review unless this user already reviewed the product, in one guarded update that also moves
   * numReviews and ratingTotal when the review is approved (a pending one counts once approved); the average is
   * then written by a conditional update that only lands when no other review changed the counts in between
   * (the later change writes its own average). Returns 'missing', 'duplicate' or the new counts.
   */
  async add(
    productId: Types.ObjectId,
    review: Omit<StoredReview, '_id' | 'createdAt'>,
  ): Promise<'missing' | 'duplicate' | (ReviewChange & { review: StoredReview })> {
    const reviewId = new Types.ObjectId();
    const counted = review.status === undefined || review.status === 'approved';
    const updated = await this.model
      .findOneAndUpdate(
        { _id: productId, status: 'published', 'reviews.user': { $ne: review.user } },
        { $push: { reviews: { _id: reviewId, ...review } }, ...(counted ? { $inc: { numReviews: 1, ratingTotal: review.rating } } : {}) },
        { returnDocument: 'after', projection: { numReviews: 1, ratingTotal: 1, reviews: { $elemMatch: { _id: reviewId } } } },
      )
      .lean()
      .exec();
    if (!updated) {
      const exists = await this.model.exists({ _id: productId, status: 'published' }).exec();
      return exists ? 'duplicate' : 'missing';
    }
    const change = await this.writeAverage(productId, updated.numReviews, updated.ratingTotal);
    const stored = (updated.reviews ?? [])[0] as unknown as StoredReview | undefined;
    return { ...change, review: stored ?? { _id: reviewId, ...review, createdAt: new Date() } };
  }

  /** Removes one review and recomputes the counts the same way (only an approved one counted); null when product or review is unknown. */
  async remove(productId: Types.ObjectId, reviewId: Types.ObjectId): Promise<ReviewChange | null> {
    const product = await this.model
      .findOne({ _id: productId, 'reviews._id': reviewId }, { reviews: { $elemMatch: { _id: reviewId } } })
      .lean()
      .exec();
    const found = product?.reviews?.[0];
    if (found?.rating === undefined) return null;
    const counted = found.status === undefined || found.status === null || found.status === 'approved';
    const rating = found.rating;
    // Guarded by the status read above: a moderation in between makes this miss, and the caller sees 404 rather than wrong counts.
    const updated = await this.model
      .findOneAndUpdate(
        { _id: productId, reviews: { $elemMatch: { _id: reviewId, status: counted ? { $nin: ['pending', 'rejected'] } : found.status } } },
        { $pull: { reviews: { _id: reviewId } }, ...(counted ? { $inc: { numReviews: -1, ratingTotal: -rating } } : {}) },
        { returnDocument: 'after', projection: { numReviews: 1, ratingTotal: 1 } },
      )
      .lean()
      .exec();
    if (!updated) return null;
    return this.writeAverage(productId, updated.numReviews, updated.ratingTotal);
  }

  /**
   * Rewrites this user's own review of a published product (rating, comment, status), moving numReviews and
   * ratingTotal by the difference: the old review leaves the counts if it counted, the new one joins them if it
   * counts. Guarded by the rating and status read first, so a moderation or another edit in between makes the
   * write miss; it is then read and tried again (a few times). 'missing': no such published product; null: the user
   * wrote no review of it.
   */
  async updateByUser(
    productId: Types.ObjectId,
    user: Types.ObjectId,
    change: (current: StoredReview) => Pick<StoredReview, 'rating' | 'comment'> & { status: ReviewStatus },
  ): Promise<'missing' | null | (ReviewChange & { review: StoredReview })> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const product = await this.model
        .findOne({ _id: productId, status: 'published' }, { reviews: { $elemMatch: { user } } })
        .lean<{ reviews?: StoredReview[] }>()
        .exec();
      if (!product) return 'missing';
      const current = product.reviews?.[0];
      if (!current) return null;
      const next = change(current);
      const wasCounted = current.status === undefined || current.status === null || current.status === 'approved';
      const counts = next.status === 'approved';
      const inc = {
        numReviews: (counts ? 1 : 0) - (wasCounted ? 1 : 0),
        ratingTotal: (counts ? next.rating : 0) - (wasCounted ? current.rating : 0),
      };
      const updated = await this.model
        .findOneAndUpdate(
          {
            _id: productId,
            status: 'published',
            reviews: {
              $elemMatch: { _id: current._id, rating: current.rating, status: wasCounted ? { $nin: ['pending', 'rejected'] } : current.status },
            },
          },
          {
            // The whole element in one positional path (the embedded engine refuses several paths under one array).
            $set: { 'reviews.$': { ...current, rating: next.rating, comment: next.comment, status: next.status } },
            ...(inc.numReviews !== 0 || inc.ratingTotal !== 0 ? { $inc: inc } : {}),
          },
          { returnDocument: 'after', projection: { numReviews: 1, ratingTotal: 1, reviews: { $elemMatch: { _id: current._id } } } },
        )
        .lean()
        .exec();
      if (!updated) continue;
      const counted = await this.writeAverage(productId, updated.numReviews, updated.ratingTotal);
      const stored = (updated.reviews ?? [])[0] as unknown as StoredReview | undefined;
      return { ...counted, review: stored ?? { ...current, ...next } };
    }
    throw new Error('The review kept changing while it was being edited');
  }

  private async writeAverage(productId: Types.ObjectId, numReviews: number, ratingTotal: number): Promise<ReviewChange> {
    const rating = averageRating(ratingTotal, numReviews);
    await this.model.updateOne({ _id: productId, numReviews, ratingTotal }, { $set: { rating } }).exec();
    return { rating, numReviews };
  }

  /**
   * Whether the user has an order containing the product (a review of it is then a verified purchase). Orders live in the 'orders' collection
   * (items[].product, user); while that collection does not exist the answer is false.
   */
  async hasOrdered(userId: Types.ObjectId, productId: Types.ObjectId): Promise<boolean> {
    const count = await this.model.db.collection('orders').countDocuments({ user: userId, 'items.product': productId }, { limit: 1 });
    return count > 0;
  }
}
