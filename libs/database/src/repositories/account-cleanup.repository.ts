import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, Types } from 'mongoose';

/** What an anonymised order shows instead of the buyer's name. */
export const DELETED_USER_LABEL = 'Deleted user';

/**
 * Account deletion across collections owned by other domains. It works on the collections 'carts'
 * and 'orders' by name and on their field `user` (ObjectId), so identity does not depend on those
 * schemas: the cart goes, the orders stay for the books with the personal data replaced.
 */
@Injectable()
export class AccountCleanupRepository {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async deleteCartOf(userId: Types.ObjectId): Promise<number> {
    const result = await this.connection.collection('carts').deleteMany({ user: userId });
    return result.deletedCount;
  }

  /** Keeps every order of the user, with the shipping address (name, address, phone) replaced. */
  async anonymiseOrdersOf(userId: Types.ObjectId): Promise<number> {
    const result = await this.connection
      .collection('orders')
      .updateMany(
        { user: userId },
        { $set: { shippingAddress: { fullName: DELETED_USER_LABEL, address: '-', city: '-', postalCode: '-', country: '-', phone: '-' } } },
      );
    return result.modifiedCount;
  }
}
