import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsNotEmpty, IsNotEmptyObject, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ORDER_STATUSES, type OrderDocument, type OrderStatus } from '@shop/database';
import { PAYMENT_METHODS, type PaymentMethod } from '../payment/payment-provider';
import { toDollars } from '../../common/money';
import { ListQueryDto } from '../../common/list-query';
import { Trim } from '../../common/transforms';
function addressField(label: string, max = 120) {
  return [Trim(), IsString({ message: `${label} is required` }), IsNotEmpty({ message: `${label} is required` }), MaxLength(max)];
}
function apply(decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

export class ShippingAddressDto {
  @ApiProperty({ example: 'Ann Smith' }) @apply(addressField('Full name', 100)) fullName!: string;
  @ApiProperty({ example: '1 Main Street' }) @apply(addressField('Address', 200)) address!: string;
  @ApiProperty({ example: 'Springfield' }) @apply(addressField('City', 100)) city!: string;
  @ApiProperty({ example: '12345' }) @apply(addressField('Postal code', 20)) postalCode!: string;
  @ApiProperty({ example: 'USA' }) @apply(addressField('Country', 60)) country!: string;
  @ApiProperty({ example: '+1 555 0100' }) @apply(addressField('Phone', 30)) phone!: string;
}

/** POST /api/orders: the order is built from the server-side cart; prices never come from the request. */
export class PlaceOrderDto {
  @ApiProperty({ type: ShippingAddressDto })
  @IsDefined({ message: 'Shipping address is required' })
  @IsObject({ message: 'Shipping address is required' })
  @IsNotEmptyObject({}, { message: 'Shipping address is required' })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shippingAddress!: ShippingAddressDto;

  /** 'cod' = pay on delivery. */
  @ApiProperty({ enum: PAYMENT_METHODS, example: 'cod' })
  @IsIn(PAYMENT_METHODS, { message: `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}` })
  paymentMethod!: PaymentMethod;

  @ApiPropertyOptional({ example: 'SUMMER10' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(40)
  couponCode?: string;
}

/**
 * PUT /api/orders/{id} (admins): the order's next status, through the transition table
 * (pending → paid → shipped → delivered; pending or paid → cancelled, which puts the stock back).
 * Becoming paid sets paidAt, becoming delivered sets deliveredAt; a tracking number may come with any change.
 */
export class UpdateOrderDto {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: `Status must be one of: ${ORDER_STATUSES.join(', ')}` })
  status!: OrderStatus;

  @ApiPropertyOptional({ example: '1Z999AA10123456784' })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  trackingNumber?: string;
}

/** GET /api/orders (admins): the list conventions; filter takes status, user (id), from and to (dates, `to` inclusive). */
export class OrderListQueryDto extends ListQueryDto {
  // Redeclared only to document this resource's fields; validation is ListQueryDto's. (The initializer is what TS asks of a redeclared field.)
  @ApiPropertyOptional({ description: 'One of createdAt (default, newest first), total, status, id: `field`, `-field` or `["field","ASC"|"DESC"]`', example: '["createdAt","DESC"]' })
  override sort?: string = undefined;

  @ApiPropertyOptional({
    description: 'A JSON object with any of: status (one of ' + ORDER_STATUSES.join(', ') + '), user (a customer id), from and to (dates; a bare day `to` includes that day), id (a list of ids)',
    example: '{"status":"paid","from":"2025-01-01"}',
  })
  override filter?: string = undefined;
}

export class OrderItemDto {
  @ApiProperty() product!: string;
  @ApiProperty() name!: string;
  @ApiProperty() image!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) variantSku!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) size!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) colour!: string | null;
  /** Unit price in dollars, from the catalog at order time. */
  @ApiProperty({ example: 19.99 }) price!: number;
  @ApiProperty() quantity!: number;
}

export class ShippingAddressViewDto extends ShippingAddressDto {}

export class OrderStatusChangeDto {
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({ type: String, format: 'date-time' }) at!: string;
}

/** An order as the API shows it: money in dollars. */
export class OrderDto {
  @ApiProperty() _id!: string;
  @ApiProperty() id!: string;
  /** The customer's id; null after the account was deleted. */
  @ApiPropertyOptional({ nullable: true, type: String }) user!: string | null;
  @ApiProperty({ type: [OrderItemDto] }) items!: OrderItemDto[];
  @ApiProperty({ type: ShippingAddressViewDto }) shippingAddress!: ShippingAddressViewDto;
  @ApiProperty({ example: 'cod' }) paymentMethod!: string;
  @ApiProperty({ example: 39.98 }) subtotal!: number;
  @ApiProperty({ example: 4 }) discount!: number;
  @ApiProperty({ example: 3.6 }) tax!: number;
  @ApiProperty({ example: 0 }) shipping!: number;
  @ApiProperty({ example: 39.58 }) total!: number;
  @ApiPropertyOptional({ nullable: true, type: String }) couponCode!: string | null;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({ type: [OrderStatusChangeDto] }) statusHistory!: OrderStatusChangeDto[];
  @ApiPropertyOptional({ nullable: true, type: String }) trackingNumber!: string | null;
  @ApiProperty() isPaid!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) paidAt!: string | null;
  @ApiProperty() isDelivered!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) deliveredAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;

  static from(o: OrderDocument): OrderDto {
    const id = o._id.toString();
    const a = o.shippingAddress;
    return {
      _id: id,
      id,
      user: o.user ? o.user.toString() : null,
      items: o.items.map((i) => ({
        product: i.product.toString(),
        name: i.name,
        image: i.image,
        variantSku: i.variantSku ?? null,
        size: i.size ?? null,
        colour: i.colour ?? null,
        price: toDollars(i.unitPriceCents),
        quantity: i.quantity,
      })),
      shippingAddress: { fullName: a.fullName, address: a.address, city: a.city, postalCode: a.postalCode, country: a.country, phone: a.phone },
      paymentMethod: o.paymentMethod,
      subtotal: toDollars(o.subtotalCents),
      discount: toDollars(o.discountCents),
      tax: toDollars(o.taxCents),
      shipping: toDollars(o.shippingCents),
      total: toDollars(o.totalCents),
      couponCode: o.couponCode ?? null,
      status: o.status,
      statusHistory: o.statusHistory.map((h) => ({ status: h.status, at: h.at.toISOString() })),
      trackingNumber: o.trackingNumber ?? null,
      isPaid: Boolean(o.paidAt),
      paidAt: o.paidAt ? o.paidAt.toISOString() : null,
      isDelivered: Boolean(o.deliveredAt),
      deliveredAt: o.deliveredAt ? o.deliveredAt.toISOString() : null,
      createdAt: o.createdAt.toISOString(),
    };
  }
}

export class DaySalesDto {
  @ApiProperty({ example: '2025-01-31' }) date!: string;
  @ApiProperty() orders!: number;
  @ApiProperty({ example: 120.5 }) revenue!: number;
}

export class TopProductDto {
  @ApiProperty() productId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty({ example: 99.5 }) revenue!: number;
}

export class LowStockProductDto {
  @ApiProperty() _id!: string;
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() countInStock!: number;
}

/** Paid orders in a period: how many, their total and their average, in dollars. */
export class RevenuePeriodDto {
  @ApiProperty() orders!: number;
  @ApiProperty({ example: 1234.5 }) revenue!: number;
  @ApiProperty({ example: 61.73 }) averageOrderValue!: number;
}

/** Revenue by period; today, 7 and 30 days are UTC days, today included. */
export class RevenueByPeriodDto {
  @ApiProperty({ type: RevenuePeriodDto }) today!: RevenuePeriodDto;
  @ApiProperty({ type: RevenuePeriodDto }) last7Days!: RevenuePeriodDto;
  @ApiProperty({ type: RevenuePeriodDto }) last30Days!: RevenuePeriodDto;
  @ApiProperty({ type: RevenuePeriodDto }) allTime!: RevenuePeriodDto;
}

/**
 * The console dashboard's numbers. Revenue counts paid orders only (paidAt set, not cancelled since): a pending
 * order, cash on delivery included, is not revenue until it is marked paid.
 */
export class OrderStatsDto {
  /** All-time revenue of paid orders (the same as revenueByPeriod.allTime.revenue). */
  @ApiProperty({ example: 1234.5 }) revenue!: number;
  /** All-time average order value of paid orders. */
  @ApiProperty({ example: 61.73 }) averageOrderValue!: number;
  @ApiProperty({ type: RevenueByPeriodDto }) revenueByPeriod!: RevenueByPeriodDto;
  @ApiProperty() totalOrders!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, example: { pending: 2, paid: 1, shipped: 0, delivered: 5, cancelled: 1 } })
  ordersByStatus!: Record<OrderStatus, number>;
  /** Customers who registered in the last 30 days. */
  @ApiProperty() newCustomers!: number;
  /** Paid orders and their revenue per day of payment, oldest first, the last 30 days including today (UTC). */
  @ApiProperty({ type: [DaySalesDto] }) salesPerDay!: DaySalesDto[];
  @ApiProperty({ type: [TopProductDto] }) topProducts!: TopProductDto[];
  @ApiProperty({ type: [LowStockProductDto] }) lowStockProducts!: LowStockProductDto[];
}
