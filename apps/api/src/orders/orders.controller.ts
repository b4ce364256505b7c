import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders, NoQuery } from '../common/list-query';
import { IdParam } from '../common/object-id';
import {
  OrderCountsDto,
  OrderDto,
  OrderListQueryDto,
  OrderNoteInputDto,
  OrderReasonDto,
  OrderStatsDto,
  PlaceOrderDto,
  RefundOrderDto,
  ReturnOrderDto,
  ShipOrderDto,
} from './dto/order.dto';
import { toCents } from '../common/money';
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
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeating a key answers the order it placed (header Idempotent-Replayed: true)',
  })
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
    description:
      'Takes the same filter as GET /api/orders (q, user, from, to, id); its status is ignored, so each tab shows what it would list. `all` is the sum.',
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
    description:
      "q finds an order by its id or short number (the id's last hex digits, 4 or more), or by the customer's name or e-mail. Each order carries its customer (id, name, e-mail), notes and the actors of its history.",
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

  @Post(':id/ship')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({
    summary: 'Ship an order (admins): fulfilment unfulfilled → shipped, with the carrier and tracking number; the customer is mailed a tracking link',
    description:
      'A cash-on-delivery order ships unpaid; a card order ships once paid (ORDER_NOT_SHIPPABLE while awaiting payment or when cancelled).',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_NOT_SHIPPABLE', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  ship(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: ShipOrderDto): Promise<OrderDto> {
    return this.orders.ship(user, id, dto.carrier, dto.trackingNumber);
  }

  @Post(':id/deliver')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({ summary: 'Record the delivery (admins): fulfilment shipped → delivered; a paid order becomes completed; the customer is mailed' })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  deliver(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.deliver(user, id);
  }

  @Post(':id/return')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({
    summary: 'Record a return (admins): fulfilment shipped or delivered → returned; the chosen lines go back to stock',
    description: 'Refunding is a separate step (POST /api/orders/{id}/refund), as the returned goods are checked first.',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'INVALID_RETURN', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  returnLines(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: ReturnOrderDto): Promise<OrderDto> {
    return this.orders.returnLines(user, id, dto.lines, dto.reason);
  }

  @Post(':id/mark-paid')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({
    summary: "Record a cash-on-delivery order's cash (admins): payment unpaid → paid, paidAt set, the customer mailed",
    description:
      'Usually after delivery, when the courier brings the cash back; a delivered order then becomes completed. Refused with 409 ORDER_ALREADY_PAID once paid, ORDER_NOT_PAYABLE when cancelled or not cash on delivery. The history names the admin.',
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
    summary: 'Cancel an order with a reason (admins): awaiting payment or placed → cancelled, before it ships; restocks and mails the customer',
    description:
      'The reason (required) is stored as cancelReason and in the history with the admin who cancelled. Money already taken is refunded in full through the provider. A card order awaiting payment has its Stripe payment cancelled first (409 ORDER_CHANGED if it turned out paid, ORDER_NOT_CANCELLABLE while a payment is processing, 502 PAYMENT_PROVIDER_ERROR when Stripe fails).',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_CHANGED', 'ORDER_NOT_CANCELLABLE', 'REFUND_FAILED', 'PAYMENT_PROVIDER_ERROR')
  adminCancel(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: OrderReasonDto): Promise<OrderDto> {
    return this.orders.cancelByAdmin(user, id, dto.reason);
  }

  @Post(':id/refund')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({
    summary: 'Refund all or part of what was paid, with a reason (admins): payment → partially_refunded or refunded; the customer is mailed',
    description:
      "amount (dollars) defaults to everything not refunded yet. Refunds are a ledger: their sum never exceeds what was paid (409 REFUND_EXCEEDS_PAID); each refund's id is the provider's idempotency key. A full refund of an order not shipped yet also cancels it (restock). Refused with 409 ORDER_NOT_REFUNDABLE when unpaid or already refunded; 502 REFUND_FAILED when the provider refused (nothing counted).",
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_NOT_REFUNDABLE', 'REFUND_EXCEEDS_PAID', 'REFUND_FAILED', 'INVALID_TRANSITION', 'ORDER_CHANGED')
  refund(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: RefundOrderDto): Promise<OrderDto> {
    return this.orders.refund(user, id, dto.reason, dto.amount === undefined ? undefined : toCents(dto.amount));
  }

  @Post(':id/notes')
  @Auth('admin')
  @ApiOperation({
    summary: 'Add an internal note to an order (admins); never shown to the customer',
    description: 'Answers the order with its notes (author and time) and a history entry.',
  })
  @ApiCreatedResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_CHANGED')
  addNote(@CurrentUser() user: AuthUser, @OrderId() id: string, @Body() dto: OrderNoteInputDto): Promise<OrderDto> {
    return this.orders.addNote(user, id, dto.text);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Auth()
  @ApiOperation({
    summary: 'Cancel your own order while it is neither paid nor shipped (puts the stock back)',
    description:
      'A card order awaiting payment has its Stripe payment cancelled first, so it can no longer be paid (409 ORDER_CHANGED if it turned out paid; 502 PAYMENT_PROVIDER_ERROR when Stripe fails).',
  })
  @ApiOkResponse({ type: OrderDto })
  @ApiErrors('ORDER_NOT_FOUND', 'ORDER_NOT_CANCELLABLE', 'ORDER_CHANGED', 'PAYMENT_PROVIDER_ERROR')
  cancel(@CurrentUser() user: AuthUser, @OrderId() id: string): Promise<OrderDto> {
    return this.orders.cancelByOwner(user, id);
  }
}
