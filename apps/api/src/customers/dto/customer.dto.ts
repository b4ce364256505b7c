import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FULFILMENT_STATES,
  ORDER_STATUSES,
  PAYMENT_STATES,
  orderNumberOf,
  type FulfilmentState,
  type PaymentState,
  type CustomerAddress,
  type CustomerDetail,
  type CustomerOrderSummary,
  type CustomerReview,
  type CustomerRow,
  type OrderStatus,
} from '@shop/database';
import { ListQueryDto } from '../../common/list-query';
import { toDollars } from '../../common/money';
import { ShippingAddressViewDto } from '../../orders/dto/order.dto';

/**
 * GET /api/customers (admins): the list conventions of ListQueryDto. Sortable: createdAt (default, newest first),
 * username, email, id, and the order figures ordersCount, totalSpent and lastOrderAt. filter keys: q (username/e-mail text), hasOrders, newsletter (booleans), role
 * (admin, distributor or customer), id (list of ids).
 */
export class CustomerListQueryDto extends ListQueryDto {
  // Redeclared only to document this resource's fields; validation is ListQueryDto's.
  @ApiPropertyOptional({
    description:
      'One of createdAt (default, newest first), username, email, id, or an order figure: ordersCount, totalSpent (paid orders), lastOrderAt (customers without orders sort as 0, and before any date): `field`, `-field` or `["field","ASC"|"DESC"]`',
    example: '["totalSpent","DESC"]',
  })
  override sort?: string = undefined;

  @ApiPropertyOptional({
    description:
      'A JSON object with any of: q (text in the username or e-mail), hasOrders (true/false), newsletter (true/false: an active newsletter subscription for the e-mail), role (admin, distributor or customer: neither), id (a list of ids)',
    example: '{"q":"ann","hasOrders":true}',
  })
  override filter?: string = undefined;
}

/** A user as a customer: their account and order figures. */
export class CustomerDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' }) _id!: string;
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' }) id!: string;
  @ApiProperty({ example: 'ann' }) username!: string;
  @ApiProperty({ example: 'ann@example.com' }) email!: string;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty() isDistributor!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) photoURL!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) storeName!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ example: 3, description: 'Every order of the customer, whatever its status' }) ordersCount!: number;
  @ApiProperty({ example: 129.5, description: 'What the customer paid and kept paid: the paid orders net of their refunds, in dollars' })
  totalSpent!: number;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time', description: 'When the latest order was placed' }) lastOrderAt!:
    string | null;
  @ApiProperty({ description: "True when the customer's e-mail has an active newsletter subscription" }) newsletter!: boolean;

  static from({ user, figures }: CustomerRow): CustomerDto {
    const id = user._id.toString();
    return {
      _id: id,
      id,
      username: user.username,
      email: user.email,
      isAdmin: Boolean(user.isAdmin),
      isDistributor: Boolean(user.isDistributor),
      photoURL: user.photoURL ?? null,
      storeName: user.storeName ?? null,
      createdAt: user.createdAt.toISOString(),
      ordersCount: figures.ordersCount,
      totalSpent: toDollars(figures.totalSpentCents),
      lastOrderAt: figures.lastOrderAt ? figures.lastOrderAt.toISOString() : null,
      newsletter: figures.newsletter,
    };
  }
}

/** One order of a customer, in short. */
export class CustomerOrderDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: '7DF4FF87', description: 'The order number people see (the last 8 hex digits of the id, upper case)' }) number!: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({ example: 39.58 }) total!: number;
  @ApiProperty({ example: 2, description: 'Units ordered' }) itemsCount!: number;
  @ApiProperty({ example: 'cod' }) paymentMethod!: string;
  @ApiProperty({ description: 'Money came in (paid, even if refunded since)' }) isPaid!: boolean;
  @ApiProperty({ enum: PAYMENT_STATES, description: "The payment's state, as on the order page" }) paymentState!: PaymentState;
  @ApiProperty({ enum: FULFILMENT_STATES }) fulfilmentState!: FulfilmentState;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;

  static from(o: CustomerOrderSummary): CustomerOrderDto {
    return {
      id: o._id.toString(),
      number: orderNumberOf(o._id),
      status: o.status,
      total: toDollars(o.totalCents),
      itemsCount: o.itemsCount,
      paymentMethod: o.paymentMethod,
      isPaid: o.paidAt !== null,
      paymentState: o.paymentState,
      fulfilmentState: o.fulfilmentState,
      createdAt: o.createdAt.toISOString(),
    };
  }
}

/** A shipping address the customer's orders went to (the same address once). */
export class CustomerAddressDto extends ShippingAddressViewDto {
  @ApiProperty({ example: 2, description: 'Orders shipped to this address' }) ordersCount!: number;
  @ApiProperty({ type: String, format: 'date-time', description: 'Latest order to this address' }) lastUsedAt!: string;

  static from(a: CustomerAddress): CustomerAddressDto {
    return { ...a.address, ordersCount: a.ordersCount, lastUsedAt: a.lastUsedAt.toISOString() };
  }
}

/** A review the customer wrote. */
export class CustomerReviewDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'The product id' }) product!: string;
  @ApiProperty({ example: 'Oxford Shirt' }) productName!: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating!: number;
  @ApiProperty() comment!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;

  static from(r: CustomerReview): CustomerReviewDto {
    return {
      id: r._id.toString(),
      product: r.product.toString(),
      productName: r.productName,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
    };
  }
}

/** GET /api/customers/{id}: the customer with their orders (newest first), addresses and reviews (at most 200 of each). */
export class CustomerDetailDto extends CustomerDto {
  @ApiProperty({ type: [CustomerOrderDto] }) orders!: CustomerOrderDto[];
  @ApiProperty({ type: [CustomerAddressDto], description: 'The distinct shipping addresses of their orders, most recent first' })
  addresses!: CustomerAddressDto[];
  @ApiProperty({ type: [CustomerReviewDto], description: 'Reviews they wrote, newest first' }) reviews!: CustomerReviewDto[];

  static fromDetail(d: CustomerDetail): CustomerDetailDto {
    return {
      ...CustomerDto.from(d),
      orders: d.orders.map((o) => CustomerOrderDto.from(o)),
      addresses: d.addresses.map((a) => CustomerAddressDto.from(a)),
      reviews: d.reviews.map((r) => CustomerReviewDto.from(r)),
    };
  }
}
