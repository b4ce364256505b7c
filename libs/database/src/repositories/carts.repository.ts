import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '../mongo-errors';
import { Cart, CartItem } from '../schemas/cart.schema';

/** One line of a cart: a product, and its variant when it has variants. */
export interface CartLineKey {
  product: Types.ObjectId;
  variantSku?: string;
}

/** Matches the cart item of this line (an item without variantSku matches `null`). */
function sameLine(line: CartLineKey): { product: Types.ObjectId; variantSku: string | null } {
  return { product: line.product, variantSku: line.variantSku ?? null };
}

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

  /**
   * Adds `quantity` to the line in one atomic update, as long as the line ends at or below `max`: the line's
   * quantity goes up when the cart has it, else the line is appended (and the cart created when the user has
   * none). Concurrent adds all count. Null when the line is there but would go past `max`: nothing changed.
   */
  async addToLine(user: Types.ObjectId, line: CartLineKey, quantity: number, max: number): Promise<CartView | null> {
    const same = sameLine(line);
    const raised = await this.model
      .findOneAndUpdate(
        { user, items: { $elemMatch: { ...same, quantity: { $lte: max - quantity } } } },
        { $inc: { 'items.$.quantity': quantity } },
        { returnDocument: 'after' },
      )
      .lean<CartView>()
      .exec();
    if (raised || quantity > max) return raised;
    try {
      return await this.model
        .findOneAndUpdate(
          { user, items: { $not: { $elemMatch: same } } },
          { $push: { items: { product: line.product, quantity, ...(line.variantSku ? { variantSku: line.variantSku } : {}) } } },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<CartView>()
        .exec();
    } catch (error) {
      // The cart exists and already has the line (so it would go past max), or another request created the
      // cart at this very moment: the caller works it out from the cart as it is.
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }

  /** Sets the quantity of a line the cart has, in one atomic update. Null when the cart has no such line. */
  setLineQuantity(user: Types.ObjectId, line: CartLineKey, quantity: number): Promise<CartView | null> {
    return this.model
      .findOneAndUpdate({ user, items: { $elemMatch: sameLine(line) } }, { $set: { 'items.$.quantity': quantity } }, { returnDocument: 'after' })
      .lean<CartView>()
      .exec();
  }

  /**
   * Takes the product's lines out of the cart in one atomic update: the one variant's line when `variantSku` is
   * given, else every line of the product. Null when the cart has no such line.
   */
  removeLines(user: Types.ObjectId, product: Types.ObjectId, variantSku?: string): Promise<CartView | null> {
    const match = variantSku === undefined ? { product } : { product, variantSku };
    return this.model
      .findOneAndUpdate({ user, items: { $elemMatch: match } }, { $pull: { items: match } }, { returnDocument: 'after' })
      .lean<CartView>()
      .exec();
  }

  async clear(user: Types.ObjectId): Promise<void> {
    await this.model.updateOne({ user }, { $set: { items: [] } }).exec();
  }
}
