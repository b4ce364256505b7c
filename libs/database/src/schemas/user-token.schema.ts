import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

export const USER_TOKEN_PURPOSES = ['reset', 'deletion'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/**
 * A one-time token mailed to a user (password reset, account deletion). Only its SHA-256 hash is
 * stored, so a copy of the database does not hand out working links. Single use: usedAt is set once.
 */
@Schema({ collection: 'user_tokens', timestamps: { createdAt: true, updatedAt: false }, strictQuery: 'throw' })
export class UserToken {
  _id!: Types.ObjectId;

  @Prop({ type: String, enum: USER_TOKEN_PURPOSES, required: true })
  purpose!: UserTokenPurpose;

  /** SHA-256 of the token, hex. */
  @Prop({ type: String, required: true })
  tokenHash!: string;

  @Prop({ type: Types.ObjectId, ref: 'User', required: true })
  userId!: Types.ObjectId;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;

  @Prop({ type: Date, default: null })
  usedAt!: Date | null;

  createdAt!: Date;
}

export type UserTokenDocument = HydratedDocument<UserToken>;
export const UserTokenSchema = SchemaFactory.createForClass(UserToken);
UserTokenSchema.index({ tokenHash: 1 }, { unique: true });
UserTokenSchema.index({ userId: 1, purpose: 1 });
