import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { NoQuery } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { ShippingAddressPipe } from '../shipping/shipping-address.pipe';
import { AddressBookService, MAX_ADDRESSES } from './address-book.service';
import { AddressInputDto, SavedAddressDto } from './dto/address.dto';

const AddressId = () => IdParam('id', 'ADDRESS_NOT_FOUND', 'Address not found');

/**
 * The signed-in customer's address book: /api/users/addresses. Every call answers the whole book, oldest first,
 * with exactly one default while it is not empty. Only the caller's own addresses can be reached: another
 * customer's id is an unknown address (404).
 */
@ApiTags('users')
@Controller('users/addresses')
@Auth()
export class AddressBookController {
  constructor(private readonly book: AddressBookService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in customer's saved addresses (the checkout offers them)" })
  @ApiOkResponse({ type: SavedAddressDto, isArray: true })
  @ApiErrors('USER_NOT_FOUND')
  list(@NoQuery() _query: undefined, @CurrentUser() user: AuthUser): Promise<SavedAddressDto[]> {
    return this.book.list(user);
  }

  @Post()
  @ApiOperation({
    summary: `Save an address (at most ${MAX_ADDRESSES}); the first one, or one sent with isDefault: true, is the default`,
    description: 'The country must be one of GET /api/orders/shipping-countries and the phone a valid number of it (stored in E.164).',
  })
  @ApiCreatedResponse({ type: SavedAddressDto, isArray: true })
  @ApiErrors('ADDRESS_BOOK_FULL', 'ADDRESS_EXISTS', 'USER_NOT_FOUND')
  add(@CurrentUser() user: AuthUser, @Body(ShippingAddressPipe) dto: AddressInputDto): Promise<SavedAddressDto[]> {
    return this.book.add(user, dto);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a saved address (isDefault: true also makes it the default)', description: 'Checked as POST is.' })
  @ApiOkResponse({ type: SavedAddressDto, isArray: true })
  @ApiErrors('ADDRESS_NOT_FOUND', 'ADDRESS_EXISTS', 'USER_NOT_FOUND')
  update(@CurrentUser() user: AuthUser, @AddressId() id: string, @Body(ShippingAddressPipe) dto: AddressInputDto): Promise<SavedAddressDto[]> {
    return this.book.update(user, id, dto);
  }

  @Put(':id/default')
  @ApiOperation({ summary: 'Make a saved address the default' })
  @ApiOkResponse({ type: SavedAddressDto, isArray: true })
  @ApiErrors('ADDRESS_NOT_FOUND', 'USER_NOT_FOUND')
  makeDefault(@CurrentUser() user: AuthUser, @AddressId() id: string): Promise<SavedAddressDto[]> {
    return this.book.makeDefault(user, id);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a saved address; when it was the default, the first one left becomes the default' })
  @ApiOkResponse({ type: SavedAddressDto, isArray: true })
  @ApiErrors('ADDRESS_NOT_FOUND', 'USER_NOT_FOUND')
  remove(@CurrentUser() user: AuthUser, @AddressId() id: string): Promise<SavedAddressDto[]> {
    return this.book.remove(user, id);
  }
}
