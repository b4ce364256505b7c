import { Body, Controller, Get, Headers, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders, NoQuery } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { OrderDto, OrderListQueryDto, OrderStatsDto, PlaceOrderDto, UpdateOrderDto } from './dto/order.dto';
import { OrdersService } from './orders.service';

/** The order id of a path: a malformed one is an unknown order. */
const OrderId = () => IdParam('id', 'ORDER_NOT_FOUND', 'Order not found');

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post()
  @Auth()
  @ApiOperation({ summary: 'Place an order from the server-side cart (prices, discount and tax computed here)' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Repeating a key answers the order it placed (header Idempotent-Replayed: true)' })
  @ApiCreatedResponse({ type: OrderDto })
  @ApiErrors(
    'CART_EMPTY',
    'INVALID_IDEMPOTENCY_KEY',
    'PAYMENT_METHOD_UNSUPPORTED',
    ['COUPON_NOT_FOUND', 400],
    'COUPON_INACTIVE',
    'COUPON_NOT_STARTED',
    'COUPON_EXPIRED',
    'COUPON_EXHAUSTED',
    'COUPON_CUSTOMER_LIMIT',
    'COUPON_MIN_SUBTOTAL',
    'ITEM_UNAVAILABLE',
    'OUT_OF_STOCK',
  )
  async place(
    @CurrentUser() user: AuthUser,
    @Body() dto: PlaceOrderDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OrderDto> {
    const placed = await this.orders.place(user, dto, key);
    if (placed.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return placed.order;
  }

  @Get('mine')
  @Auth()
  @ApiOperation({ summary: "The caller's orders, newest first" })
  @ApiOkResponse({ type: [OrderDto] })
  mine(@NoQuery() _query: undefined, @CurrentUser() user: AuthUser): Promise<OrderDto[]> {
    return this.orders.mine(user);
  }

  @Get('stats')
  @Auth('admin')
  @ApiOperation({ summary: 'Dashboard numbers (admins): revenue, orders by status, new customers, sales per day, top and low-stock products' })
  @ApiOkResponse({ type: OrderStatsDto })
  stats(): Promise<OrderStatsDto> {
    return this.orders.stats();
  }

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'All orders (admins): page/perPage or range/sort/filter with status, user, from, to' })
  @ApiOkResponse({ type: [OrderDto] })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: OrderListQueryDto, @Res({ passthrough: true }) res: Response): Promise<OrderDto[]> {
    const { rows, total, skip } = await this.orders.list(query);
    setListHeaders(res, 'orders', skip, rows.length, total);
    return rows;
  }

  @Get(':id')
  @Auth()
  @ApiOperation({ summary: 'One order, for its owner or an admin (anyone else is told it does not exist)' })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND')
  get(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.get(user, id);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({
    summary: 'Change an order (admins): its status, pending → paid → shipped → delivered; pending or paid → cancelled (restocks)',
    description: 'Becoming paid sets paidAt, becoming delivered sets deliveredAt; a trackingNumber may come with the change. The customer is mailed.',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  update(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: UpdateOrderDto): Promise<OrderDto> {
    return this.orders.update(user, id, dto);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'Cancel your own order while it is pending (puts the stock back)' })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_NOT_CANCELLABLE', 'ORDER_CHANGED')
  cancel(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.cancelByOwner(user, id);
  }
}
