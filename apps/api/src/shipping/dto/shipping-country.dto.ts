import { ApiProperty } from '@nestjs/swagger';

/** A country the shop ships to. */
export class ShippingCountryDto {
  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2 code: the value of shippingAddress.country' })
  code!: string;

  @ApiProperty({ example: 'United States', description: 'English name' })
  name!: string;
}
