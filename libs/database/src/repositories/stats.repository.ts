import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Product } from '../schemas/product.schema';
import { User } from '../schemas/user.schema';

/** One distributor's public figures; no e-mail or other private data is read. */
export interface ContributorStats {
  _id: Types.ObjectId;
  storeName: string;
  publishedProducts: number;
  /** Average star rating weighted by review count, over the published products with reviews; 0 without reviews. */
  averageRating: number;
  reviewCount: number;
  joinedAt: Date;
}

interface OwnerFigures {
  _id: Types.ObjectId;
  publishedProducts: number;
  reviewCount: number;
  ratingPoints: number;
}

/** Orders contributors: most published products, then most reviews, then the earliest to join. */
export function compareContributors(a: ContributorStats, b: ContributorStats): number {
  return (
    b.publishedProducts - a.publishedProducts ||
    b.reviewCount - a.reviewCount ||
    a.joinedAt.getTime() - b.joinedAt.getTime() ||
    a._id.toString().localeCompare(b._id.toString())
  );
}

@Injectable()
export class StatsRepository {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Product.name) private readonly products: Model<Product>,
  ) {}

  /** Every distributor with its published products' figures, most published products first. */
  async contributors(): Promise<ContributorStats[]> {
    const [figures, distributors] = await Promise.all([
      this.products
        .aggregate<OwnerFigures>([
          { $match: { status: 'published', owner: { $exists: true, $ne: null } } },
          {
            $group: {
              _id: '$owner',
              publishedProducts: { $sum: 1 },
              reviewCount: { $sum: { $ifNull: ['$numReviews', 0] } },
              ratingPoints: { $sum: { $multiply: [{ $ifNull: ['$rating', 0] }, { $ifNull: ['$numReviews', 0] }] } },
            },
          },
        ])
        .exec(),
      // Only public fields are read: never the e-mail, hash or favourites.
      this.users
        .find({ isDistributor: true })
        .select({ _id: 1, username: 1, storeName: 1, createdAt: 1 })
        .lean<{ _id: Types.ObjectId; username: string; storeName?: string; createdAt: Date }[]>()
        .exec(),
    ]);
    const byOwner = new Map(figures.map((f) => [f._id.toString(), f]));
    return distributors
      .map((user) => {
        const f = byOwner.get(user._id.toString());
        const reviewCount = f?.reviewCount ?? 0;
        return {
          _id: user._id,
          storeName: user.storeName?.trim() || user.username,
          publishedProducts: f?.publishedProducts ?? 0,
          averageRating: f && reviewCount > 0 ? Math.round((f.ratingPoints / reviewCount) * 100) / 100 : 0,
          reviewCount,
          joinedAt: user.createdAt,
        };
      })
      .sort(compareContributors);
  }
}
