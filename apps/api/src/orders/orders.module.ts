import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module';
import { CouponsModule } from '../coupons/coupons.module';
import { OrdersController } from './orders.controller';
import { OrderMailsService } from './order-mails.service';
import { OrderRestockService } from './order-restock.service';
import { OrdersService } from './orders.service';
import { CashOnDeliveryProvider } from './payment/cash-on-delivery.provider';
import { PAYMENT_PROVIDERS } from './payment/payment-provider';
import { PaymentService } from './payment/payment.service';
import { StockHoldsService } from './stock-holds.service';

@Module({
  imports: [CartModule, CouponsModule],
  controllers: [OrdersController],
  providers: [
    OrdersService,
    StockHoldsService,
    OrderMailsService,
    OrderRestockService,
    PaymentService,
    CashOnDeliveryProvider,
    // Every way to pay; a card provider is one more entry here.
    { provide: PAYMENT_PROVIDERS, inject: [CashOnDeliveryProvider], useFactory: (cod: CashOnDeliveryProvider) => [cod] },
  ],
})
export class OrdersModule {}
