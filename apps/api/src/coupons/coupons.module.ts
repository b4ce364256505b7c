import { Module } from '@nestjs/common';
import { CouponsDataModule } from '@shop/database';
import { CartModule } from '../cart/cart.module';
import { CouponsController } from './coupons.controller';
import { CouponsService } from './coupons.service';

@Module({ imports: [CouponsDataModule, CartModule], controllers: [CouponsController], providers: [CouponsService], exports: [CouponsService] })
export class CouponsModule {}
