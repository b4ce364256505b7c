import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Auth } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { CustomerDetailDto, CustomerDto, CustomerListQueryDto } from './dto/customer.dto';
import { CustomersService } from './customers.service';

const CustomerId = () => IdParam('id', 'USER_NOT_FOUND', 'Customer not found');

/** The admin console's customers: users with their order figures, orders, addresses and reviews. */
@ApiTags('customers')
@Controller('customers')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get()
  @Auth('admin')
  @ApiOperation({
    summary: 'List customers with their order figures (admins)',
    description:
      'JSON array; total in X-Total-Count and Content-Range. Each user with ordersCount (every order), totalSpent (what was paid, net of refunds, ' +
      'as GET /api/orders/stats), lastOrderAt and newsletter (an active subscription for the e-mail). ' +
      'Sortable: createdAt (default, newest first), username, email, id. filter keys: q (username/e-mail text), hasOrders, newsletter, ' +
      'role (admin, distributor or customer), id (list of ids).',
  })
  @ApiOkResponse({ type: CustomerDto, isArray: true })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: CustomerListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<CustomerDto[]> {
    const page = await this.customers.list(query);
    setListHeaders(res, 'customers', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One customer with their orders, shipping addresses and reviews (admins)', description: 'The id is the user id.' })
  @ApiOkResponse({ type: CustomerDetailDto })
  @ApiErrors('USER_NOT_FOUND')
  get(@CustomerId() id: string): Promise<CustomerDetailDto> {
    return this.customers.get(id);
  }
}
