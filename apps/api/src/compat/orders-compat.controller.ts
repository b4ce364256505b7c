import { Body, Controller, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { IdParam } from '../common/object-id';
import { OrderDto, UpdateOrderDto } from '../orders/dto/order.dto';
import { OrdersService } from '../orders/orders.service';

const OrderId = () => IdParam('id', 'ORDER_NOT_FOUND', 'Order not found');
const USE_UPDATE = 'Use PUT /api/orders/{id} instead.';

/**
 * The older ways to change an order, kept working for existing callers: each is PUT /api/orders/{id}
 * (OrdersService.update) with a fixed or the same body. Registered in OrdersModule.
 */
@ApiTags('orders')
@Controller('orders')
@Auth('admin')
@ApiErrors('ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_CHANGED', 'ORDER_ALREADY_PAID', 'ORDER_NOT_PAYABLE', 'ORDER_NOT_SHIPPABLE', 'ORDER_NOT_CANCELLABLE', 'REFUND_FAILED', 'PAYMENT_PROVIDER_ERROR')
export class OrdersCompatController {
  constructor(private readonly orders: OrdersService) {}

  @Put(':id/status')
  @ApiOperation({ summary: 'Change the status (admins)', deprecated: true, description: `${USE_UPDATE} Same body and rules.` })
  @ApiOkResponse({ type: OrderDto })
  changeStatus(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: UpdateOrderDto): Promise<OrderDto> {
    return this.orders.update(user, id, dto);
  }

  @Put(':id/pay')
  @ApiOperation({ summary: 'Mark a pending order paid (admins)', deprecated: true, description: `${USE_UPDATE} With { "status": "paid" }.` })
  @ApiOkResponse({ type: OrderDto })
  pay(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.update(user, id, { status: 'paid' });
  }

  @Put(':id/deliver')
  @ApiOperation({ summary: 'Mark a shipped order delivered (admins)', deprecated: true, description: `${USE_UPDATE} With { "status": "delivered" }.` })
  @ApiOkResponse({ type: OrderDto })
  deliver(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.update(user, id, { status: 'delivered' });
  }
}
