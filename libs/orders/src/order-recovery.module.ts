import { Module } from '@nestjs/common';
import { OrdersDataModule, UsersDataModule, CouponsDataModule, StockDataModule } from '@shop/database';
import { OrderMailsService } from './order-mails.service';
import { OrderRestockService } from './order-restock.service';
import { StockHoldsService } from './stock-holds.service';
import { OrderTransitionsService } from './order-transitions.service';

const services = [StockHoldsService, OrderRestockService, OrderMailsService, OrderTransitionsService];

/**
 * The crash-safe follow-ups of an order write: dropping or giving back stock holds, restocking a cancelled
 * order, queueing the mails an order owes. The API calls them inline (settle, undo, restock, send); the
 * worker runs their sweeps as BullMQ job schedulers on the maintenance queue, once per interval across any
 * number of replicas. Imports the data modules it reads; needs the JobsModule (global) from the importing app.
 */
@Module({
  imports: [OrdersDataModule, UsersDataModule, CouponsDataModule, StockDataModule],
  providers: services,
  exports: services,
})
export class OrderRecoveryModule {}
