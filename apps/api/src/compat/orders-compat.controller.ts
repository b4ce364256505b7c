import { Body, Controller, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { DEPRECATED_IN_25, Deprecated, pathParam } from '../common/deprecated';
import { IdParam } from '../common/object-id';
import { OrderDto, UpdateOrderDto } from '../orders/dto/order.dto';
import { OrdersService } from '../orders/orders.service';

const OrderId = () => IdParam('id', 'ORDER_NOT_FOUND', 'Order not found');

/** The first-class route of each transition the single status names (issue #41: one route per transition). */
const ACTION_OF_STATUS: Partial<Record<string, string>> = { paid: 'mark-paid', shipped: 'ship', delivered: 'deliver', cancelled: 'admin-cancel' };

/** PUT /{id}/status's successor: the action of the status asked for (the order itself when the body names none). */
function statusSuccessor(request: FastifyRequest): string {
  const status = (request.body as { status?: unknown } | undefined)?.status;
  const action = typeof status === 'string' ? ACTION_OF_STATUS[status] : undefined;
  return `/api/orders/${pathParam(request, 'id')}${action ? `/${action}` : ''}`;
}

/**
 * The older ways to change an order, outside the spec, kept working until their sunset for existing callers. Each
 * answers with Deprecation, Sunset and a Link to its successor, and calls the same service method as the
 * first-class route of its transition (POST /api/orders/{id}/mark-paid, /ship, /deliver, /admin-cancel).
 * Registered in OrdersModule.
 */
@ApiTags('orders')
@Controller('orders')
@Auth('admin')
export class OrdersCompatController {
  constructor(private readonly orders: OrdersService) {}

  @Put(':id/status')
  @Deprecated({ ...DEPRECATED_IN_25, successor: statusSuccessor })
  @ApiOperation({
    summary: "Change an order's single status (admins)",
    deprecated: true,
    description:
      'Use the action of the transition instead: paid → POST /api/orders/{id}/mark-paid, shipped → POST /api/orders/{id}/ship, ' +
      'delivered → POST /api/orders/{id}/deliver, cancelled → POST /api/orders/{id}/admin-cancel (the Link header names it). Same rules and mails.',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors(
    'ORDER_NOT_FOUND',
    'INVALID_TRANSITION',
    'ORDER_CHANGED',
    'ORDER_ALREADY_PAID',
    'ORDER_NOT_PAYABLE',
    'ORDER_NOT_SHIPPABLE',
    'ORDER_NOT_CANCELLABLE',
    'REFUND_FAILED',
    'PAYMENT_PROVIDER_ERROR',
  )
  changeStatus(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: UpdateOrderDto): Promise<OrderDto> {
    return this.orders.update(user, id, dto);
  }

  @Put(':id/pay')
  @Deprecated({ ...DEPRECATED_IN_25, successor: (request) => `/api/orders/${pathParam(request, 'id')}/mark-paid` })
  @ApiOperation({
    summary: 'Mark a cash-on-delivery order paid (admins)',
    deprecated: true,
    description: 'Use POST /api/orders/{id}/mark-paid instead (the same action).',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_ALREADY_PAID', 'ORDER_NOT_PAYABLE', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  pay(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.markPaid(user, id);
  }

  @Put(':id/deliver')
  @Deprecated({ ...DEPRECATED_IN_25, successor: (request) => `/api/orders/${pathParam(request, 'id')}/deliver` })
  @ApiOperation({
    summary: 'Mark a shipped order delivered (admins)',
    deprecated: true,
    description: 'Use POST /api/orders/{id}/deliver instead (the same action).',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  deliver(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.deliver(user, id);
  }
}
