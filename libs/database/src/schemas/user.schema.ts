import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';
import { announceUserWrites } from '../user-changes';

/** An address of the customer's address book: the shipping address fields of an order, with its own id. */
@Schema({ _id: true })
export class SavedAddress {
  _id!: Types.ObjectId;
  @Prop({ required: true, trim: true, maxlength: 100 }) fullName!: string;
  @Prop({ required: true, trim: true, maxlength: 200 }) address!: string;
  @Prop({ required: true, trim: true, maxlength: 100 }) city!: string;
  @Prop({ required: true, trim: true, maxlength: 20 }) postalCode!: string;
  /** ISO 3166-1 alpha-2 code. */
  @Prop({ required: true, trim: true, maxlength: 2 }) country!: string;
  /** E.164. */
  @Prop({ required: true, trim: true, maxlength: 20 }) phone!: string;
}
export const SavedAddressSchema = SchemaFactory.createForClass(SavedAddress);

/** The fields of a saved address, without its id. */
export type AddressFields = Omit<SavedAddress, '_id'>;

@Schema({ timestamps: true, collection: 'users', strictQuery: 'throw' })
export class User {
  _id!: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 50 })
  username!: string;

  @Prop({ required: true, lowercase: true, trim: true, maxlength: 254 })
  email!: string;

  /** argon2id hash; absent for accounts that only sign in with Google. */
  @Prop({ type: String, select: false })
  passwordHash?: string;

  @Prop({ default: false })
  isAdmin!: boolean;

  @Prop({ default: false })
  isDistributor!: boolean;

  @Prop({ type: String, trim: true, maxlength: 80 })
  storeName?: string;

  @Prop({ type: String })
  photoURL?: string;

  /** Google account subject ("sub" claim), unique when present. */
  @Prop({ type: String })
  googleSub?: string;

  /** Every token issued before this instant is void (password reset, account deletion). */
  @Prop({ type: Date, default: () => new Date(0) })
  tokensValidAfter!: Date;

  @Prop({ type: [{ type: Types.ObjectId, ref: 'Product' }], default: [] })
  favorites!: Types.ObjectId[];

  /** The address book, oldest first (a few entries: the API keeps it at MAX_ADDRESSES). */
  @Prop({ type: [SavedAddressSchema], default: [] })
  addresses!: SavedAddress[];

  /** The id of the default address; unset or stale means the first one. */
  @Prop({ type: Types.ObjectId })
  defaultAddressId?: Types.ObjectId;

  createdAt!: Date;
  updatedAt!: Date;
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
UserSchema.plugin(announceUserWrites);
UserSchema.index({ email: 1 }, { unique: true });
UserSchema.index({ googleSub: 1 }, { unique: true, partialFilterExpression: { googleSub: { $type: 'string' } } });
UserSchema.index({ createdAt: -1 });
