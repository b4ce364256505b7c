import { Module } from '@nestjs/common';
import { ShippingController } from './shipping.controller';

/** The countries the shop ships to. The checks of a new address are ShippingAddressPipe's, used by the routes that take one. */
@Module({ controllers: [ShippingController] })
export class ShippingModule {}
