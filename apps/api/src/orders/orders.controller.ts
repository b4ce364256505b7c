import { Body, Controller, Get, Headers, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders, NoQuery } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { OrderCountsDto, OrderDto, OrderListQueryDto, OrderNoteInputDto, OrderReasonDto, OrderStatsDto, PlaceOrderDto, UpdateOrderDto } from './dto/order.dto';
import { OrdersService } from './orders.service';
import { ShippingAddressPipe } from '../shipping/shipping-address.pipe';

/** The order id of a path: a malformed one is an unknown order. */
const OrderId = () => IdParam('id', 'ORDER_NOT_FOUND', 'Order not found');

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post()
  @Auth()
  @ApiOperation({
    summary: 'Place an order from the server-side cart (prices, discount and tax computed here)',
    description:
      "The address's country must be one of GET /api/orders/shipping-countries and its phone a valid number of that country (stored in E.164). A new address is kept in the address book unless saveAddress is false.",
  })
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
    @Body(ShippingAddressPipe) dto: PlaceOrderDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<OrderDto> {
    const placed = await this.orders.place(user, dto, key);
    if (placed.replayed) res.header('Idempotent-Replayed', 'true');
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

  @Get('counts')
  @Auth('admin')
  @ApiOperation({
    summary: "Orders per status (admins), for the console's status tabs",
    description: 'Takes the same filter as GET /api/orders (q, user, from, to, id); its status is ignored, so each tab shows what it would list. `all` is the sum.',
  })
  @ApiOkResponse({ type: OrderCountsDto })
  @ApiErrors('INVALID_QUERY')
  counts(@Query() query: OrderListQueryDto): Promise<OrderCountsDto> {
    return this.orders.counts(query);
  }

  @Get()
  @Auth('admin')
  @ApiOperation({
    summary: 'All orders (admins): page/perPage or range/sort/filter with status, user, from, to and q (search)',
    description: "q finds an order by its id or short number (the id's last hex digits, 4 or more), or by the customer's name or e-mail. Each order carries its customer (id, name, e-mail), notes and the actors of its history.",
  })
  @ApiOkResponse({ type: [OrderDto] })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: OrderListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<OrderDto[]> {
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

  @Post(':id/mark-paid')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({
    summary: 'Mark a cash-on-delivery order paid (admins): pending → paid, paidAt set, the customer mailed',
    description: 'Refused with 409 ORDER_ALREADY_PAID once paid, ORDER_NOT_PAYABLE when cancelled or not cash on delivery. The history names the admin.',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_ALREADY_PAID', 'ORDER_NOT_PAYABLE', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  markPaid(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.markPaid(user, id);
  }

  @Post(':id/admin-cancel')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({
    summary: 'Cancel an order with a reason (admins): pending or paid → cancelled; terminal, restocks and mails the customer',
    description: 'The reason (required) is stored as cancelReason and in the history with the admin who cancelled.',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  adminCancel(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: OrderReasonDto): Promise<OrderDto> {
    return this.orders.cancelByAdmin(user, id, dto.reason);
  }

  @Post(':id/refund')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({
    summary: 'Refund a paid order with a reason (admins): refundedAt set, paymentState refunded',
    description:
      'A paid order not shipped yet is cancelled by the refund (restock, customer mail); a shipped, delivered or cancelled one keeps its status. Refused with 409 ORDER_NOT_REFUNDABLE when unpaid or already refunded. The reason (required) is stored as refundReason and in the history.',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_NOT_REFUNDABLE', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  refund(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: OrderReasonDto): Promise<OrderDto> {
    return this.orders.refund(user, id, dto.reason);
  }

  @Post(':id/notes')
  @Auth('admin')
  @ApiOperation({ summary: 'Add an internal note to an order (admins); never shown to the customer', description: 'Answers the order with its notes (author and time) and a history entry.' })
  @ApiCreatedResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_CHANGED')
  addNote(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: OrderNoteInputDto): Promise<OrderDto> {
    return this.orders.addNote(user, id, dto.text);
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
