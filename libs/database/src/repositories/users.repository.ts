import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { QueryFilter, Model, SortOrder, Types } from 'mongoose';
import { AddressFields, SavedAddress, User, UserDocument } from '../schemas/user.schema';

export interface NewUser {
  username: string;
  email: string;
  passwordHash?: string;
  isAdmin?: boolean;
  isDistributor?: boolean;
  storeName?: string;
  photoURL?: string;
  googleSub?: string;
  /** When the account joined; now unless given (the demo seed dates its contributors and reviewers in the past). */
  createdAt?: Date;
}

/** Typed filters of the admin user list. */
export interface UserListFilter {
  /** Free text matched (as a literal, case-insensitive) against username and e-mail. */
  q?: string;
  isAdmin?: boolean;
  isDistributor?: boolean;
  ids?: Types.ObjectId[];
}

export interface UserListOptions {
  skip: number;
  limit: number;
  sort: { field: 'createdAt' | 'username' | 'email' | '_id' | 'isAdmin'; order: 1 | -1 };
}

/** The fields the authentication guard reads for a signed-in request. */
export interface SessionUser {
  _id: Types.ObjectId;
  username: string;
  email: string;
  isAdmin: boolean;
  isDistributor: boolean;
  tokensValidAfter: Date;
}

/** Fields a profile or admin edit may change. */
export interface UserChanges {
  username?: string;
  email?: string;
  passwordHash?: string;
  /** Voids every token issued before it. */
  tokensValidAfter?: Date;
}

/** The role flags an admin may grant or revoke. */
export interface UserRoles {
  isAdmin?: boolean;
  isDistributor?: boolean;
}

/** A user's address book: the addresses, oldest first, and the id of the default one (if set). */
export interface AddressBook {
  addresses: SavedAddress[];
  defaultAddressId?: Types.ObjectId;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

@Injectable()
export class UsersRepository {
  constructor(@InjectModel(User.name) private readonly model: Model<User>) {}

  create(user: NewUser): Promise<UserDocument> {
    return this.model.create({ ...user, email: user.email.toLowerCase() });
  }

  findByEmail(email: string): Promise<UserDocument | null> {
    return this.model.findOne({ email: email.toLowerCase() }).exec();
  }

  /** The user with its password hash (excluded from every other read). */
  findByEmailWithPassword(email: string): Promise<UserDocument | null> {
    return this.model.findOne({ email: email.toLowerCase() }).select('+passwordHash').exec();
  }

  findById(id: Types.ObjectId): Promise<UserDocument | null> {
    return this.model.findById(id).exec();
  }

  /** What a request's authentication needs, as a plain object (the guard runs this on every signed-in call). */
  findSessionUser(id: Types.ObjectId): Promise<SessionUser | null> {
    return this.model.findById(id, { username: 1, email: 1, isAdmin: 1, isDistributor: 1, tokensValidAfter: 1 }).lean<SessionUser>().exec();
  }

  findByIdWithPassword(id: Types.ObjectId): Promise<UserDocument | null> {
    return this.model.findById(id).select('+passwordHash').exec();
  }

  findByGoogleSub(sub: string): Promise<UserDocument | null> {
    return this.model.findOne({ googleSub: sub }).exec();
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }

  countAdmins(): Promise<number> {
    return this.model.countDocuments({ isAdmin: true }).exec();
  }

  /** The oldest admin account (by createdAt, then id): who gets the shop's notices when no address is configured. */
  firstAdmin(): Promise<UserDocument | null> {
    return this.model.findOne({ isAdmin: true }).sort({ createdAt: 1, _id: 1 }).exec();
  }

  private listFilter(filter: UserListFilter): QueryFilter<User> {
    const query: QueryFilter<User> = {};
    if (filter.q) {
      const pattern = new RegExp(escapeRegex(filter.q), 'i');
      query.$or = [{ username: pattern }, { email: pattern }];
    }
    if (filter.isAdmin !== undefined) query.isAdmin = filter.isAdmin;
    if (filter.isDistributor !== undefined) query.isDistributor = filter.isDistributor;
    if (filter.ids) query._id = { $in: filter.ids };
    return query;
  }

  /** One page of users and the total matching the filter. */
  async list(filter: UserListFilter, options: UserListOptions): Promise<{ items: UserDocument[]; total: number }> {
    const query = this.listFilter(filter);
    const sort: Record<string, SortOrder> = { [options.sort.field]: options.sort.order };
    if (options.sort.field !== '_id') sort._id = options.sort.order;
    const [items, total] = await Promise.all([
      this.model.find(query).sort(sort).skip(options.skip).limit(options.limit).exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** Applies the changes and answers the updated user (null when it no longer exists). */
  update(id: Types.ObjectId, changes: UserChanges): Promise<UserDocument | null> {
    const set: UserChanges = {};
    if (changes.username !== undefined) set.username = changes.username;
    if (changes.email !== undefined) set.email = changes.email.toLowerCase();
    if (changes.passwordHash !== undefined) set.passwordHash = changes.passwordHash;
    if (changes.tokensValidAfter !== undefined) set.tokensValidAfter = changes.tokensValidAfter;
    return this.model.findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after', runValidators: true }).exec();
  }

  /** Sets the admin and/or distributor flag; answers the updated user (null when it no longer exists). */
  setRoles(id: Types.ObjectId, roles: UserRoles): Promise<UserDocument | null> {
    const set: UserRoles = {};
    if (roles.isAdmin !== undefined) set.isAdmin = roles.isAdmin;
    if (roles.isDistributor !== undefined) set.isDistributor = roles.isDistributor;
    return this.model.findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after', runValidators: true }).exec();
  }

  /** Links a Google subject to an account (only when it has none yet). Null when it already has another. */
  linkGoogle(id: Types.ObjectId, sub: string, photoURL: string | undefined): Promise<UserDocument | null> {
    const set: Partial<User> = { googleSub: sub };
    if (photoURL) set.photoURL = photoURL;
    return this.model
      .findOneAndUpdate(
        { _id: id, $or: [{ googleSub: { $exists: false } }, { googleSub: null }, { googleSub: sub }] },
        { $set: set },
        { returnDocument: 'after' },
      )
      .exec();
  }

  async deleteById(id: Types.ObjectId): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id }).exec();
    return result.deletedCount === 1;
  }

  /** The favourite product ids of a user, in the order they were added. */
  async favoriteIds(id: Types.ObjectId): Promise<Types.ObjectId[] | null> {
    const user = await this.model.findById(id).select('favorites').exec();
    return user ? user.favorites : null;
  }

  /** Adds a product to the favourites; one already there is left as it is. */
  async addFavorite(id: Types.ObjectId, productId: Types.ObjectId): Promise<void> {
    await this.model.updateOne({ _id: id }, { $addToSet: { favorites: productId } }).exec();
  }

  async removeFavorite(id: Types.ObjectId, productId: Types.ObjectId): Promise<void> {
    await this.model.updateOne({ _id: id }, { $pull: { favorites: productId } }).exec();
  }

  /** The user's address book; null when the user no longer exists. */
  async addressBook(id: Types.ObjectId): Promise<AddressBook | null> {
    return this.model.findById(id, { addresses: 1, defaultAddressId: 1 }).lean<AddressBook>().exec();
  }

  /**
   * Appends an address while the book holds fewer than `max` (one conditional update, so two requests at once
   * cannot pass the limit); `makeDefault` also makes it the default. Answers the new address's id, or null when the
   * book is full or the user is gone.
   */
  async addAddress(id: Types.ObjectId, fields: AddressFields, max: number, makeDefault: boolean): Promise<Types.ObjectId | null> {
    const addressId = new Types.ObjectId();
    const result = await this.model
      .updateOne(
        { _id: id, [`addresses.${max - 1}`]: { $exists: false } },
        { $push: { addresses: { ...fields, _id: addressId } }, ...(makeDefault ? { $set: { defaultAddressId: addressId } } : {}) },
        { runValidators: true },
      )
      .exec();
    return result.matchedCount === 1 ? addressId : null;
  }

  /** Replaces the fields of one of the user's addresses (and may make it the default); false when there is no such address. */
  async updateAddress(id: Types.ObjectId, addressId: Types.ObjectId, fields: AddressFields, makeDefault: boolean): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: id, 'addresses._id': addressId },
        { $set: { 'addresses.$': { ...fields, _id: addressId }, ...(makeDefault ? { defaultAddressId: addressId } : {}) } },
        { runValidators: true },
      )
      .exec();
    return result.matchedCount === 1;
  }

  /** Makes one of the user's addresses the default; false when there is no such address. */
  async setDefaultAddress(id: Types.ObjectId, addressId: Types.ObjectId): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, 'addresses._id': addressId }, { $set: { defaultAddressId: addressId } }).exec();
    return result.matchedCount === 1;
  }

  /** Removes one of the user's addresses; false when there is no such address. */
  async removeAddress(id: Types.ObjectId, addressId: Types.ObjectId): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, 'addresses._id': addressId }, { $pull: { addresses: { _id: addressId } } }).exec();
    return result.matchedCount === 1;
  }
}
