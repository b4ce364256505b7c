import { Injectable, Logger } from '@nestjs/common';
import type { Types } from 'mongoose';
import { UsersRepository, type AddressBook, type AddressFields } from '@shop/database';
import type { AuthUser } from '../auth/auth-user';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { parseObjectIdOr404 } from '../common/object-id';
import type { ShippingAddressDto } from '../orders/dto/order.dto';
import { SavedAddressDto, type AddressInputDto } from './dto/address.dto';

/** A few addresses (home, work, family) without letting the user record grow. */
export const MAX_ADDRESSES = 5;

const addressNotFound = () => notFound('ADDRESS_NOT_FOUND', 'Address not found');

function fieldsOf(a: ShippingAddressDto): AddressFields {
  return { fullName: a.fullName, address: a.address, city: a.city, postalCode: a.postalCode, country: a.country, phone: a.phone };
}

/** Two addresses are the same when their fields are, ignoring case and surrounding spaces. */
function sameAddress(a: AddressFields, b: AddressFields): boolean {
  const key = (x: AddressFields) =>
    [x.fullName, x.address, x.city, x.postalCode, x.country, x.phone].map((v) => v.trim().toLowerCase()).join('\u0000');
  return key(a) === key(b);
}

/** The id of the default address: the one set, or the first when none is set or the set one was removed. */
function defaultIdOf(book: AddressBook): Types.ObjectId | undefined {
  const set = book.defaultAddressId;
  return set && book.addresses.some((a) => a._id.equals(set)) ? set : book.addresses[0]?._id;
}

/**
 * The customer's address book (at most MAX_ADDRESSES, one default), kept on the user. The fields come checked by
 * ShippingAddressPipe (country shipped to, phone in E.164). Placing an order adds its address (rememberFromOrder).
 */
@Injectable()
export class AddressBookService {
  private readonly logger = new Logger(AddressBookService.name);

  constructor(private readonly users: UsersRepository) {}

  async list(caller: AuthUser): Promise<SavedAddressDto[]> {
    const book = await this.book(caller.objectId);
    const defaultId = defaultIdOf(book);
    return book.addresses.map((a) => SavedAddressDto.from(a, !!defaultId?.equals(a._id)));
  }

  async add(caller: AuthUser, dto: AddressInputDto): Promise<SavedAddressDto[]> {
    const fields = fieldsOf(dto);
    const book = await this.book(caller.objectId);
    if (book.addresses.some((a) => sameAddress(a, fields))) throw conflict('ADDRESS_EXISTS', 'This address is already in your address book');
    if (!(await this.users.addAddress(caller.objectId, fields, MAX_ADDRESSES, dto.isDefault === true))) throw this.full();
    return this.list(caller);
  }

  async update(caller: AuthUser, idText: string, dto: AddressInputDto): Promise<SavedAddressDto[]> {
    const id = parseObjectIdOr404(idText, 'ADDRESS_NOT_FOUND', 'Address not found');
    const fields = fieldsOf(dto);
    const book = await this.book(caller.objectId);
    if (book.addresses.some((a) => !a._id.equals(id) && sameAddress(a, fields)))
      throw conflict('ADDRESS_EXISTS', 'This address is already in your address book');
    if (!(await this.users.updateAddress(caller.objectId, id, fields, dto.isDefault === true))) throw addressNotFound();
    return this.list(caller);
  }

  async makeDefault(caller: AuthUser, idText: string): Promise<SavedAddressDto[]> {
    const id = parseObjectIdOr404(idText, 'ADDRESS_NOT_FOUND', 'Address not found');
    if (!(await this.users.setDefaultAddress(caller.objectId, id))) throw addressNotFound();
    return this.list(caller);
  }

  /** Removes an address; when it was the default, the first one left becomes the default. */
  async remove(caller: AuthUser, idText: string): Promise<SavedAddressDto[]> {
    const id = parseObjectIdOr404(idText, 'ADDRESS_NOT_FOUND', 'Address not found');
    if (!(await this.users.removeAddress(caller.objectId, id))) throw addressNotFound();
    return this.list(caller);
  }

  /**
   * After an order is placed: keeps its shipping address in the book unless `save` is false, the address is there
   * already or the book is full. The order is placed by then, so a failure here is logged, never thrown.
   */
  async rememberFromOrder(caller: AuthUser, address: ShippingAddressDto, save: boolean | undefined): Promise<void> {
    if (save === false) return;
    try {
      const fields = fieldsOf(address);
      const book = await this.users.addressBook(caller.objectId);
      if (!book || book.addresses.some((a) => sameAddress(a, fields))) return;
      await this.users.addAddress(caller.objectId, fields, MAX_ADDRESSES, false);
    } catch (error) {
      this.logger.warn(`The address of an order of user ${caller.id} was not saved to the address book: ${(error as Error).message}`);
    }
  }

  private async book(user: Types.ObjectId): Promise<AddressBook> {
    const book = await this.users.addressBook(user);
    if (!book) throw notFound('USER_NOT_FOUND', 'User not found');
    return book;
  }

  private full() {
    return badRequest('ADDRESS_BOOK_FULL', `An address book holds at most ${MAX_ADDRESSES} addresses; delete one first`);
  }
}
