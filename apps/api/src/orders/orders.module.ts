import { Module } from '@nestjs/common';
import { OrdersDataModule, StockDataModule } from '@shop/database';
import { OrderRecoveryModule } from '@shop/orders';
import { CardPaymentsModule, StripePaymentProvider } from '@shop/payments';
import { CartModule } from '../cart/cart.module';
import { OrdersCompatController } from '../compat/orders-compat.controller';
import { CouponsModule } from '../coupons/coupons.module';
import { UsersModule } from '../users/users.module';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { OrderStatesMigration } from './order-states.migration';
import { CashOnDeliveryProvider } from './payment/cash-on-delivery.provider';
import { PAYMENT_PROVIDERS } from './payment/payment-provider';
import { PaymentService } from './payment/payment.service';

@Module({
  imports: [OrdersDataModule, StockDataModule, CartModule, CouponsModule, OrderRecoveryModule, UsersModule, CardPaymentsModule],
  // The compat routes first: their literal paths are matched before the current controller's /:id routes.
  controllers: [OrdersCompatController, OrdersController],
  providers: [
    OrdersService,
    OrderStatesMigration,
    PaymentService,
    CashOnDeliveryProvider,
    // Every way to pay: cash on delivery, and a card through Stripe (offered only when its keys are configured).
    {
      provide: PAYMENT_PROVIDERS,
      inject: [CashOnDeliveryProvider, StripePaymentProvider],
      useFactory: (cod: CashOnDeliveryProvider, card: StripePaymentProvider) => [cod, card],
    },
  ],
  exports: [PaymentService],
})
export class OrdersModule {}
