import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { UserToken, UserTokenDocument, UserTokenPurpose } from '../schemas/user-token.schema';

@Injectable()
export class UserTokensRepository {
  constructor(@InjectModel(UserToken.name) private readonly model: Model<UserToken>) {}

  create(token: { purpose: UserTokenPurpose; tokenHash: string; userId: Types.ObjectId; expiresAt: Date }): Promise<UserTokenDocument> {
    return this.model.create(token);
  }

  /** The token if it exists, has this purpose, is unused and not expired at `now`. */
  findUsable(purpose: UserTokenPurpose, tokenHash: string, now: Date): Promise<UserTokenDocument | null> {
    return this.model.findOne({ tokenHash, purpose, usedAt: null, expiresAt: { $gt: now } }).exec();
  }

  /**
   * Marks a usable token as used, atomically: of two concurrent calls only one gets the token back.
   * Null when the token is unknown, used, expired or of another purpose.
   */
  consume(purpose: UserTokenPurpose, tokenHash: string, now: Date): Promise<UserTokenDocument | null> {
    return this.model
      .findOneAndUpdate({ tokenHash, purpose, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } }, { returnDocument: 'after' })
      .exec();
  }

  /** Voids every unused token of a user for one purpose (after a reset, the other reset links die too). */
  async voidAllOf(userId: Types.ObjectId, purpose: UserTokenPurpose, now: Date): Promise<void> {
    await this.model.updateMany({ userId, purpose, usedAt: null }, { $set: { usedAt: now } }).exec();
  }

  async deleteAllOf(userId: Types.ObjectId): Promise<void> {
    await this.model.deleteMany({ userId }).exec();
  }
}
