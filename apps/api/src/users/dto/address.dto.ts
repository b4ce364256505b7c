import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { SavedAddress } from '@shop/database';
import { ShippingAddressDto } from '../../orders/dto/order.dto';

/**
 * POST and PUT /api/users/addresses: the fields of a shipping address, checked as at checkout (a country the shop
 * ships to, a valid phone of it, stored in E.164); isDefault: true also makes it the default address.
 */
export class AddressInputDto extends ShippingAddressDto {
  @ApiPropertyOptional({ description: 'Make this the default address (the one the checkout preselects)' })
  @IsOptional()
  @IsBoolean({ message: 'isDefault must be true or false' })
  isDefault?: boolean;
}

/** An address of the signed-in customer's address book. */
export class SavedAddressDto extends ShippingAddressDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' }) _id!: string;
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' }) id!: string;
  /** Exactly one address of a non-empty book is the default. */
  @ApiProperty() isDefault!: boolean;

  static from(a: SavedAddress, isDefault: boolean): SavedAddressDto {
    const id = a._id.toString();
    return {
      _id: id,
      id,
      fullName: a.fullName,
      address: a.address,
      city: a.city,
      postalCode: a.postalCode,
      country: a.country,
      phone: a.phone,
      isDefault,
    };
  }
}
