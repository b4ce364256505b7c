import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { NoQuery } from '../common/list-query';
import { ShippingCountryDto } from './dto/shipping-country.dto';
import { countryName } from './shipping-address';

/** GET /api/orders/shipping-countries: public, for the checkout's and the address book's country select. */
@ApiTags('orders')
@Controller('orders')
export class ShippingController {
  private readonly list: ShippingCountryDto[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.list = config.shipToCountries.map((code) => ({ code, name: countryName(code) }));
  }

  @Get('shipping-countries')
  @ApiOperation({
    summary: 'The countries the shop ships to (SHIP_TO_COUNTRIES), in the configured order',
    description: "A new order's or saved address's country must be one of these codes, and its phone a valid number of that country.",
  })
  @ApiOkResponse({ type: ShippingCountryDto, isArray: true })
  countries(@NoQuery() _query: undefined): ShippingCountryDto[] {
    return this.list;
  }
}
