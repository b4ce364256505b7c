import { Module } from '@nestjs/common';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';

/** GET /api/customers and /api/customers/{id} for the admin console. */
@Module({ controllers: [CustomersController], providers: [CustomersService] })
export class CustomersModule {}
