import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Cart, CartItem } from '../schemas/cart.schema';

export interface CartView {
  _id: Types.ObjectId;
  user: Types.ObjectId;
  items: CartItem[];
  updatedAt?: Date;
}

/** The server-side carts, one per user (collection 'carts', field user). */
@Injectable()
export class CartsRepository {
  constructor(@InjectModel(Cart.name) private readonly model: Model<Cart>) {}

  findByUser(user: Types.ObjectId): Promise<CartView | null> {
    return this.model.findOne({ user }).lean<CartView>().exec();
  }

  /** Replaces the items of the user's cart, creating the cart when there is none. */
  async saveItems(user: Types.ObjectId, items: CartItem[]): Promise<CartView> {
    const clean = items.map((i) => ({ product: i.product, quantity: i.quantity, ...(i.variantSku ? { variantSku: i.variantSku } : {}) }));
    const cart = await this.model
      .findOneAndUpdate({ user }, { $set: { items: clean } }, { upsert: true, returnDocument: 'after' })
      .lean<CartView>()
      .exec();
    return cart as CartView;
  }

  async clear(user: Types.ObjectId): Promise<void> {
    await this.model.updateOne({ user }, { $set: { items: [] } }).exec();
  }
}
