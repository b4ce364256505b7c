import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { setListHeaders } from '../common/list-query';
import { ChangeOrderStatusDto, OrderDto, OrderStatsDto, PlaceOrderDto } from './dto/order.dto';
import { OrdersService } from './orders.service';

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post()
  @Auth()
  @ApiOperation({ summary: 'Place an order from the server-side cart (prices, discount and tax computed here)' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Repeating a key answers the order it placed (header Idempotent-Replayed: true)' })
  @ApiCreatedResponse({ type: OrderDto })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'Invalid input, empty cart, or a coupon that does not apply' })
  @ApiConflictResponse({ type: ErrorBody, description: 'An item is out of stock (names the item and how many are left)' })
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
  mine(@CurrentUser() user: AuthUser): Promise<OrderDto[]> {
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
  @ApiOperation({ summary: 'All orders (admins): page/pageSize or range/sort/filter with status, user, from, to' })
  @ApiOkResponse({ type: [OrderDto] })
  @ApiBadRequestResponse({ type: ErrorBody })
  async list(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<OrderDto[]> {
    const { rows, total, skip } = await this.orders.list(req.query);
    setListHeaders(res, 'orders', skip, rows.length, total);
    return rows;
  }

  @Get(':id')
  @Auth()
  @ApiOperation({ summary: 'One order, for its owner or an admin' })
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'No such order, or not yours' })
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<OrderDto> {
    return this.orders.get(user, id);
  }

  @Put(':id/status')
  @Auth('admin')
  @ApiOperation({ summary: 'Change the status (admins): pending → paid → shipped → delivered; pending or paid → cancelled (restocks)' })
  @ApiOkResponse({ type: OrderDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'Transition not allowed' })
  changeStatus(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: ChangeOrderStatusDto): Promise<OrderDto> {
    return this.orders.changeStatus(user, id, dto);
  }

  @Put(':id/pay')
  @Auth('admin')
  @ApiOperation({ summary: 'Mark a pending order paid (admins)' })
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'Transition not allowed' })
  pay(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<OrderDto> {
    return this.orders.changeStatus(user, id, { status: 'paid' });
  }

  @Put(':id/deliver')
  @Auth('admin')
  @ApiOperation({ summary: 'Mark a shipped order delivered (admins)' })
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'Transition not allowed' })
  deliver(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<OrderDto> {
    return this.orders.changeStatus(user, id, { status: 'delivered' });
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'Cancel your own order while it is pending (puts the stock back)' })
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'The order is no longer pending' })
  cancel(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<OrderDto> {
    return this.orders.cancelByOwner(user, id);
  }
}
