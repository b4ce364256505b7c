import { Module } from '@nestjs/common';
import { CustomersDataModule } from '@shop/database';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';

/** GET /api/customers and /api/customers/{id} for the admin console. */
@Module({ imports: [CustomersDataModule], controllers: [CustomersController], providers: [CustomersService] })
export class CustomersModule {}
