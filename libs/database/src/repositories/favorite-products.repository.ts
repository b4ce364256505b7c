import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Product } from '../schemas/product.schema';

/** The product fields a favourites list shows. */
export interface FavoriteProduct {
  _id: Types.ObjectId;
  name: string;
  priceCents: number;
  image: string;
  brand: string;
  countInStock: number;
  rating: number;
  numReviews: number;
}

/** Product reads for the favourites list (the list itself lives on the user). */
@Injectable()
export class FavoriteProductsRepository {
  constructor(@InjectModel(Product.name) private readonly model: Model<Product>) {}

  /** Published products among the ids, in the order of the ids (missing or hidden ones left out). */
  async findShown(ids: Types.ObjectId[]): Promise<FavoriteProduct[]> {
    if (ids.length === 0) return [];
    const found = await this.model
      .find({ _id: { $in: ids }, status: 'published' })
      .select({ name: 1, priceCents: 1, image: 1, brand: 1, countInStock: 1, rating: 1, numReviews: 1 })
      .lean<FavoriteProduct[]>()
      .exec();
    const byId = new Map(found.map((p) => [p._id.toString(), p]));
    return ids.map((id) => byId.get(id.toString())).filter((p): p is FavoriteProduct => p !== undefined);
  }

  /** Whether a product exists and is shown in the shop. */
  async isShown(id: Types.ObjectId): Promise<boolean> {
    return (await this.model.countDocuments({ _id: id, status: 'published' }).exec()) > 0;
  }
}
