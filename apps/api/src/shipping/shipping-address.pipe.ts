import { Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { badRequest } from '../common/domain-error';
import { ShippingAddressDto } from '../orders/dto/order.dto';
import { checkShippingAddress } from './shipping-address';

/**
 * The checks of a new shipping address that need the configuration (SHIP_TO_COUNTRIES): the country must be one
 * the shop ships to and the phone a valid number of it. Runs after the global ValidationPipe on a body that is a
 * ShippingAddressDto (an address book entry) or carries one as `shippingAddress` (an order); it upper-cases the
 * country and stores the phone in E.164. Refusals are the ValidationPipe's 400 VALIDATION_FAILED, keyed by field.
 * Only new input comes through here: orders read back keep whatever they were stored with.
 */
@Injectable()
export class ShippingAddressPipe implements PipeTransform {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  transform(value: unknown): unknown {
    if (value instanceof ShippingAddressDto) return this.check(value, '');
    const nested = (value as { shippingAddress?: unknown } | null)?.shippingAddress;
    if (nested instanceof ShippingAddressDto) {
      (value as { shippingAddress: ShippingAddressDto }).shippingAddress = this.check(nested, 'shippingAddress.');
    }
    return value;
  }

  private check<T extends ShippingAddressDto>(address: T, prefix: string): T {
    const result = checkShippingAddress(address, this.config.shipToCountries);
    if (result.ok) return Object.assign(address, result.address);
    const errors = Object.fromEntries(Object.entries(result.errors).map(([field, message]) => [prefix + field, message]));
    throw badRequest('VALIDATION_FAILED', Object.values(errors)[0], errors);
  }
}
