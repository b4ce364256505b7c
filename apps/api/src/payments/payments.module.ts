import { Module } from '@nestjs/common';
import { OrdersDataModule, PaymentsDataModule } from '@shop/database';
import { CardPaymentsModule } from '@shop/payments';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';

/** GET /api/payments/methods, POST /api/orders/{id}/payment and Stripe's webhook. */
@Module({
  imports: [OrdersDataModule, PaymentsDataModule, OrdersModule, CardPaymentsModule],
  controllers: [PaymentsController],
  providers: [PaymentsService],
})
export class PaymentsModule {}
