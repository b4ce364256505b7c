import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNotEmptyObject,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  FULFILMENT_STATES,
  ORDER_EVENTS,
  ORDER_STATES,
  ORDER_STATUSES,
  PAYMENT_STATES,
  REFUND_STATUSES,
  orderNumberOf,
  type FulfilmentState,
  type OrderCustomer,
  type OrderDocument,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
  type PaymentState,
  type RefundStatus,
} from '@shop/database';
import { statesOf } from '@shop/orders';
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
  /** New input: a code of GET /api/orders/shipping-countries (ShippingAddressPipe checks it); orders placed before may hold other text. */
  @ApiProperty({
    example: 'US',
    description:
      'ISO 3166-1 alpha-2 code of a country the shop ships to (GET /api/orders/shipping-countries); orders placed before may hold other text',
  })
  @apply(addressField('Country', 60))
  country!: string;
  @ApiProperty({
    example: '+12015550123',
    description: 'A valid number of that country, in any usual format; stored and answered in E.164 (orders placed before may hold other text)',
  })
  @apply(addressField('Phone', 30))
  phone!: string;
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

  @ApiPropertyOptional({
    default: true,
    description: "Keep the shipping address in the customer's address book (GET /api/users/addresses) when it is not there yet and the book has room",
  })
  @IsOptional()
  @IsBoolean({ message: 'saveAddress must be true or false' })
  saveAddress?: boolean;
}

/**
 * PUT /api/orders/{id}/status (admins, deprecated): the older single status, mapped onto the actions — paid records
 * the cash of a cash-on-delivery order, shipped ships (with a tracking number), delivered delivers, cancelled cancels.
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

  @ApiPropertyOptional({
    description: 'Why the order is cancelled (stored as cancelReason); the console sends it through POST /api/orders/{id}/admin-cancel',
    example: 'Customer asked by phone',
  })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  reason?: string;
}

/** POST /api/orders/{id}/admin-cancel and /refund (admins): the reason is required. */
export class OrderReasonDto {
  @ApiProperty({ example: 'Customer asked by phone', maxLength: 500 })
  // Listed last-checked first: a missing reason is told it is required, not that it is too long.
  @MaxLength(500, { message: 'The reason must be at most 500 characters' })
  @IsNotEmpty({ message: 'A reason is required' })
  @IsString({ message: 'A reason is required' })
  @Trim()
  reason!: string;
}

/** POST /api/orders/{id}/ship (admins): the carrier and its tracking number. */
export class ShipOrderDto {
  @ApiProperty({ example: 'UPS', maxLength: 60 })
  @MaxLength(60, { message: 'The carrier must be at most 60 characters' })
  @IsNotEmpty({ message: 'The carrier is required' })
  @IsString({ message: 'The carrier is required' })
  @Trim()
  carrier!: string;

  @ApiProperty({ example: '1Z999AA10123456784', maxLength: 100 })
  @MaxLength(100, { message: 'The tracking number must be at most 100 characters' })
  @IsNotEmpty({ message: 'The tracking number is required' })
  @IsString({ message: 'The tracking number is required' })
  @Trim()
  trackingNumber!: string;
}

/** POST /api/orders/{id}/refund (admins): a reason, and an amount (dollars) when not the whole rest. */
export class RefundOrderDto extends OrderReasonDto {
  @ApiPropertyOptional({ example: 12.5, description: 'Dollars, at most what was paid and not refunded yet; absent: all of it' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'The amount must be a number of dollars with at most 2 decimals' })
  @Min(0.01, { message: 'The amount must be at least 0.01' })
  @Max(1_000_000, { message: 'The amount is too large' })
  amount?: number;
}

export class ReturnLineDto {
  @ApiProperty({ example: 0, description: "The line's index in the order's items" })
  @IsInt({ message: "line must be an index of the order's items" })
  @Min(0)
  line!: number;

  @ApiProperty({ example: 1 })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  quantity!: number;
}

/** POST /api/orders/{id}/return (admins): the lines sent back (restocked) and why. */
export class ReturnOrderDto extends OrderReasonDto {
  @ApiProperty({ type: [ReturnLineDto] })
  @IsArray({ message: 'lines must list the returned lines' })
  @ArrayMinSize(1, { message: 'lines must list at least one line' })
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ReturnLineDto)
  lines!: ReturnLineDto[];
}

/** POST /api/orders/{id}/notes (admins): an internal note, never shown to the customer. */
export class OrderNoteInputDto {
  @ApiProperty({ example: 'Called the customer: leave at the back door', maxLength: 2000 })
  @MaxLength(2000, { message: 'The note must be at most 2000 characters' })
  @IsNotEmpty({ message: 'The note is required' })
  @IsString({ message: 'The note is required' })
  @Trim()
  text!: string;
}

/** GET /api/orders (admins): the list conventions; filter takes status, user (id), from and to (dates, `to` inclusive). */
export class OrderListQueryDto extends ListQueryDto {
  // Redeclared only to document this resource's fields; validation is ListQueryDto's. (The initializer is what TS asks of a redeclared field.)
  @ApiPropertyOptional({
    description: 'One of createdAt (default, newest first), total, status, id: `field`, `-field` or `["field","ASC"|"DESC"]`',
    example: '["createdAt","DESC"]',
  })
  override sort?: string = undefined;

  @ApiPropertyOptional({
    description:
      'A JSON object with any of: status (one of ' +
      ORDER_STATUSES.join(', ') +
      "), user (a customer id), from and to (dates; a bare day `to` includes that day), id (a list of ids), q (search: the order id or its short number — the last hex digits of the id, at least 4 — or the customer's name or e-mail, case-insensitive)",
    example: '{"status":"paid","q":"ann@example.com"}',
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

/** Who made a change: the id, name and e-mail recorded with it (null id: the account is gone). */
export class OrderActorDto {
  @ApiPropertyOptional({ nullable: true, type: String }) id!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
}

/**
 * A history entry. The customer sees status changes only (status and at); admins see every entry (payment,
 * cancel, refund, note) with its actor, reason and note.
 */
export class OrderStatusChangeDto {
  @ApiProperty({ enum: ORDER_STATUSES, description: "The order's status after the entry" }) status!: OrderStatus;
  @ApiProperty({ type: String, format: 'date-time' }) at!: string;
  @ApiPropertyOptional({ enum: ORDER_EVENTS, description: 'Admins only: what happened (status: a status change)' }) event?: OrderEvent;
  @ApiPropertyOptional({
    type: OrderActorDto,
    nullable: true,
    description: 'Admins only: who made the change (null: the system or an unrecorded actor)',
  })
  actor?: OrderActorDto | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Admins only: the reason of a cancellation or refund' }) reason?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Admins only: the text of an internal note' }) note?: string | null;
}

/** An internal note (admins only). */
export class OrderNoteDto {
  @ApiProperty() id!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ type: String, format: 'date-time' }) at!: string;
  @ApiProperty({ type: OrderActorDto }) author!: OrderActorDto;
}

/** The customer of an order (admins only): link target /admin/customers/{id}/show. */
export class OrderCustomerDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
}

/** A refund of an order: the customer sees amount, status and time; admins also the reason and who made it. */
export class OrderRefundDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 12.5 }) amount!: number;
  @ApiProperty({ enum: REFUND_STATUSES }) status!: RefundStatus;
  @ApiProperty({ type: String, format: 'date-time' }) at!: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Admins only' }) reason?: string | null;
  @ApiPropertyOptional({ type: OrderActorDto, nullable: true, description: 'Admins only' }) actor?: OrderActorDto | null;
}

/** A line sent back. */
export class ReturnedLineDto {
  @ApiProperty() line!: number;
  @ApiProperty() quantity!: number;
}

/** How the order is shown: to its customer, or to an admin (notes, actors, reasons and the customer's account). */
export interface OrderView {
  admin: boolean;
  customer?: OrderCustomer;
}

function actorOf(e: { by?: { toString(): string }; byName?: string; byEmail?: string }): OrderActorDto | null {
  if (!e.byName && !e.byEmail) return null;
  return { id: e.by ? e.by.toString() : null, name: e.byName ?? '', email: e.byEmail ?? '' };
}

/** An order as the API shows it: money in dollars. */
export class OrderDto {
  @ApiProperty() _id!: string;
  @ApiProperty() id!: string;
  @ApiProperty({
    example: '7DF4FF87',
    description:
      "The order number people see everywhere (storefront, console, e-mails): the last 8 hex digits of the id, upper case; the console's search finds it",
  })
  number!: string;
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
  @ApiProperty({
    enum: ORDER_STATES,
    description: 'The order: awaiting_payment (a card order before its payment) → placed → completed (delivered and paid); or cancelled',
  })
  state!: OrderState;
  @ApiProperty({
    enum: PAYMENT_STATES,
    description: 'The payment: unpaid → authorized → paid → partially_refunded → refunded; failed (a declined card: the order stays payable)',
  })
  paymentState!: PaymentState;
  @ApiProperty({ enum: FULFILMENT_STATES, description: 'The parcel: unfulfilled → shipped → delivered; returned' }) fulfilmentState!: FulfilmentState;
  @ApiProperty({ example: 39.58, description: 'What was paid (0 before)' }) paid!: number;
  @ApiProperty({ example: 0, description: 'What was refunded so far (refunds not failed)' }) refunded!: number;
  @ApiProperty({ type: [OrderRefundDto] }) refunds!: OrderRefundDto[];
  @ApiPropertyOptional({ nullable: true, type: String, example: 'UPS' }) carrier!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) shippedAt!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) returnedAt!: string | null;
  @ApiProperty({ type: [ReturnedLineDto] }) returnedLines!: ReturnedLineDto[];
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'A card order awaiting payment: until when its stock is held',
  })
  paymentDueBy!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: "The provider's message for the last refused payment (a declined card)" })
  paymentFailure!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) refundedAt!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) cancelledAt!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Admins only: why an admin cancelled the order' }) cancelReason?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Admins only: why the order was refunded' }) refundReason?: string | null;
  @ApiPropertyOptional({ type: [OrderNoteDto], description: 'Admins only: internal notes, oldest first (never shown to the customer)' })
  notes?: OrderNoteDto[];
  @ApiPropertyOptional({ type: OrderCustomerDto, nullable: true, description: "Admins only: the customer's account (null: deleted)" })
  customer?: OrderCustomerDto | null;

  /** The order for its customer by default; `view.admin` adds what only admins see. */
  static from(o: OrderDocument, view: OrderView = { admin: false }): OrderDto {
    const id = o._id.toString();
    const a = o.shippingAddress;
    return {
      _id: id,
      id,
      number: orderNumberOf(o._id),
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
      statusHistory: view.admin
        ? o.statusHistory.map((h) => ({
            status: h.status,
            at: h.at.toISOString(),
            event: h.event ?? 'status',
            actor: actorOf(h),
            reason: h.reason ?? null,
            note: h.note ?? null,
          }))
        : o.statusHistory.filter((h) => h.event !== 'note').map((h) => ({ status: h.status, at: h.at.toISOString() })),
      trackingNumber: o.trackingNumber ?? null,
      isPaid: Boolean(o.paidAt),
      paidAt: o.paidAt ? o.paidAt.toISOString() : null,
      isDelivered: Boolean(o.deliveredAt),
      deliveredAt: o.deliveredAt ? o.deliveredAt.toISOString() : null,
      createdAt: o.createdAt.toISOString(),
      ...statesOf(o),
      paid: toDollars(o.paidCents ?? (o.paidAt ? o.totalCents : 0)),
      refunded: toDollars(o.refundedCents ?? (o.refundedAt ? o.totalCents : 0)),
      refunds: (o.refunds ?? []).map((r) => ({
        id: r._id.toString(),
        amount: toDollars(r.amountCents),
        status: r.status,
        at: r.at.toISOString(),
        ...(view.admin ? { reason: r.reason, actor: actorOf(r) } : {}),
      })),
      carrier: o.carrier ?? null,
      shippedAt: o.shippedAt ? o.shippedAt.toISOString() : null,
      returnedAt: o.returnedAt ? o.returnedAt.toISOString() : null,
      returnedLines: (o.returnedLines ?? []).map((l) => ({ line: l.line, quantity: l.quantity })),
      paymentDueBy: o.paymentDueBy ? o.paymentDueBy.toISOString() : null,
      paymentFailure: o.paymentFailure ?? null,
      refundedAt: o.refundedAt ? o.refundedAt.toISOString() : null,
      cancelledAt: o.cancelledAt ? o.cancelledAt.toISOString() : null,
      ...(view.admin
        ? {
            cancelReason: o.cancelReason ?? null,
            refundReason: o.refundReason ?? null,
            notes: (o.notes ?? []).map((n) => ({
              id: n._id.toString(),
              text: n.text,
              at: n.at.toISOString(),
              author: actorOf(n) ?? { id: n.by.toString(), name: '', email: '' },
            })),
            customer: view.customer ? { id: view.customer.id.toString(), name: view.customer.username, email: view.customer.email } : null,
          }
        : {}),
    };
  }
}

/** GET /api/orders/counts (admins): how many orders per status (and in all) match the list's filter, its status ignored. */
export class OrderCountsDto {
  @ApiProperty() all!: number;
  @ApiProperty() pending!: number;
  @ApiProperty() paid!: number;
  @ApiProperty() shipped!: number;
  @ApiProperty() delivered!: number;
  @ApiProperty() cancelled!: number;
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

/** A size or colour of a product at the low-stock threshold or below (0: sold out). */
export class LowStockVariantDto {
  @ApiProperty({ example: 'CS-41-WHI' }) sku!: string;
  @ApiProperty({ type: String, nullable: true, example: '41' }) size!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'White' }) colour!: string | null;
  @ApiProperty({ example: 1 }) countInStock!: number;
}

/** A product low on stock: its total, or one of its variants, at lowStockThreshold or below. */
export class LowStockProductDto {
  @ApiProperty() _id!: string;
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  /** Units of the whole product (with variants, their sum). */
  @ApiProperty() countInStock!: number;
  /** The product's variants at the threshold or below, fewest units first (none for a product without variants). */
  @ApiProperty({ type: [LowStockVariantDto] }) variants!: LowStockVariantDto[];
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
  /** Published products whose total or any variant has lowStockThreshold units or fewer, lowest first (at most 10). */
  @ApiProperty({ type: [LowStockProductDto] }) lowStockProducts!: LowStockProductDto[];
  /** The shop's one low-stock threshold (units), the same as the product list's stock levels. */
  @ApiProperty({ example: 5 }) lowStockThreshold!: number;
}
