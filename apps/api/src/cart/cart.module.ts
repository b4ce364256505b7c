import { Module } from '@nestjs/common';
import { CartsDataModule, StockDataModule } from '@shop/database';
import { CartController } from './cart.controller';
import { CartService } from './cart.service';

@Module({ imports: [CartsDataModule, StockDataModule], controllers: [CartController], providers: [CartService], exports: [CartService] })
export class CartModule {}
