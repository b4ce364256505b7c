import { Inject, Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import {
  CouponDocument,
  InventoryRepository,
  isDuplicateKeyError,
  ORDER_STATUSES,
  OrderDocument,
  OrderItem,
  OrderActor,
  OrderListFilter,
  OrderStatusChangeInput,
  OrdersRepository,
  OrderStatus,
  StockLine,
} from '@shop/database';
import { OrderMailsService, OrderRestockService, StockHoldsService } from '@shop/orders';
import type { AuthUser } from '../auth/auth-user';
import { stockRefusal, CartService } from '../cart/cart.service';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { couponRule, CouponsService } from '../coupons/coupons.service';
import { OrderCountsDto, OrderDto, OrderListQueryDto, OrderStatsDto, PlaceOrderDto, UpdateOrderDto } from './dto/order.dto';
import { salesPerDay, windowStart } from './order-stats';
import { canTransition, restocksOn, transitionRefusal } from './order-state';
import { PaymentService } from './payment/payment.service';
import { AddressBookService } from '../users/address-book.service';
import { computeTotals } from './pricing';
import { toDollars } from '../common/money';
import { parseObjectIdOr404 } from '../common/object-id';
import { LOW_STOCK_THRESHOLD, lowVariants } from '../products/stock-levels';

const LIST_SPEC: ListSpec = {
  sortable: ['createdAt', 'total', 'status', '_id'],
  defaultSort: { field: 'createdAt', order: -1 },
  filterable: { status: 'string', user: 'id', from: 'string', to: 'string', q: 'string' },
};

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

/** What a change records besides the status: its actor (name, e-mail), its kind, a reason, a refund. */
type TransitionExtra = Pick<OrderStatusChangeInput, 'actor' | 'event' | 'reason' | 'refund'>;

function actorOf(caller: AuthUser): OrderActor {
  return { id: caller.objectId, name: caller.username, email: caller.email };
}

export interface PlacedOrder {
  order: OrderDto;
  /** True when the Idempotency-Key named an order placed before. */
  replayed: boolean;
}

/** Placing, reading and moving orders. Money in integer cents; the DTOs show dollars. */
@Injectable()
export class OrdersService {

  constructor(
    private readonly orders: OrdersRepository,
    private readonly inventory: InventoryRepository,
    private readonly cart: CartService,
    private readonly coupons: CouponsService,
    private readonly payments: PaymentService,
    private readonly mails: OrderMailsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly holds: StockHoldsService,
    private readonly restocks: OrderRestockService,
    private readonly addressBook: AddressBookService,
  ) {}

  /**
   * Builds an order from the caller's server-side cart: catalog prices, coupon, tax, free shipping.
   * Coupon redemptions and stock are taken with conditional atomic updates and given back if any step
   * fails. The same Idempotency-Key answers the order it placed before.
   */
  async place(caller: AuthUser, dto: PlaceOrderDto, idempotencyHeader: string | string[] | undefined): Promise<PlacedOrder> {
    const user = caller.objectId;
    const key = this.idempotencyKey(idempotencyHeader);
    const previous = await this.orders.findByIdempotencyKey(user, key);
    if (previous) return { order: OrderDto.from(previous), replayed: true };

    const cart = await this.cart.priced(user);
    if (cart.unavailable.length > 0) throw conflict('ITEM_UNAVAILABLE', 'An item in your cart is no longer available; please remove it from your cart');
    if (cart.lines.length === 0) {
      // A concurrent request with the same key may have placed the order and emptied the cart.
      const placed = await this.orders.findByIdempotencyKey(user, key);
      if (placed) return { order: OrderDto.from(placed), replayed: true };
      throw badRequest('CART_EMPTY', 'Your cart is empty');
    }

    const subtotal = cart.lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
    const coupon: CouponDocument | undefined = dto.couponCode ? await this.coupons.checkForOrder(dto.couponCode, user, subtotal) : undefined;
    const totals = computeTotals(cart.lines, coupon ? couponRule(coupon) : undefined, this.config.taxRate);
    const items: OrderItem[] = cart.lines.map((l) => ({
      product: l.product._id,
      name: l.product.name,
      image: l.variant?.image || l.product.image,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      ...(l.variant ? { variantSku: l.variant.sku, ...(l.variant.size ? { size: l.variant.size } : {}), ...(l.variant.colour ? { colour: l.variant.colour } : {}) } : {}),
    }));

    const taken: StockLine[] = [];
    let redeemed = false;
    let order: OrderDocument;
    // Chosen up front: every unit taken below is held in the product under this order's id (crash safety).
    const orderId = new Types.ObjectId();
    try {
      if (coupon) {
        await this.coupons.redeem(coupon, user);
        redeemed = true;
      }
      for (const item of items) {
        const line: StockLine = { product: item.product, quantity: item.quantity, ...(item.variantSku ? { variantSku: item.variantSku } : {}) };
        // Counted as taken before the call: if the answer is lost (the database died mid-call) the units may
        // be gone, and giving back only acts where this order's hold exists, so a line never taken is harmless.
        taken.push(line);
        if (!(await this.inventory.take(line, orderId))) {
          taken.pop();
          const now = await this.inventory.findById(item.product);
          const left = item.variantSku ? (now?.variants.find((v) => v.sku === item.variantSku)?.countInStock ?? 0) : (now?.countInStock ?? 0);
          const label = item.variantSku ? `${item.name} (${[item.size, item.colour].filter(Boolean).join(', ') || item.variantSku})` : item.name;
          throw conflict('OUT_OF_STOCK', stockRefusal(label, left), { [item.product.toString()]: `${left} left` });
        }
      }
      order = await this.orders.create(
        {
          _id: orderId,
          user,
          items,
          shippingAddress: { ...dto.shippingAddress },
          paymentMethod: dto.paymentMethod,
          ...totals,
          ...(coupon ? { couponCode: coupon.code, coupon: coupon._id } : {}),
          idempotencyKey: key,
          placedBy: actorOf(caller),
        },
        new Date(),
      );
    } catch (error) {
      await this.giveBack(taken, redeemed ? coupon : undefined, user, orderId);
      if (isDuplicateKeyError(error)) {
        const placed = await this.orders.findByIdempotencyKey(user, key);
        if (placed) return { order: OrderDto.from(placed), replayed: true };
      }
      throw error;
    }

    await this.holds.settle(orderId, taken.map((l) => l.product));
    await this.cart.empty(user);
    const payment = await this.payments.start(dto.paymentMethod, { orderId: order.id, customerId: caller.id, amountCents: order.totalCents, currency: 'USD' });
    if (payment.status === 'paid') {
      order = (await this.orders.changeStatus(order._id, { from: 'pending', to: 'paid', at: new Date() })) ?? order;
    }
    await this.mails.send(order, 'confirmation', caller);
    await this.addressBook.rememberFromOrder(caller, dto.shippingAddress, dto.saveAddress);
    return { order: OrderDto.from(order), replayed: false };
  }

  async mine(caller: AuthUser): Promise<OrderDto[]> {
    return (await this.orders.findByUser(caller.objectId)).map((o) => OrderDto.from(o));
  }

  /** One order for its owner or an admin; anyone else is told it does not exist. */
  async get(caller: AuthUser, id: string): Promise<OrderDto> {
    return this.view(caller, await this.findVisible(caller, id));
  }

  /** How many orders per status match the list's filter (its status ignored): the console's tabs. */
  async counts(query: OrderListQueryDto): Promise<OrderCountsDto> {
    const rows = await this.orders.countsByStatus(this.listFilter(query).filter);
    const counts: OrderCountsDto = { all: 0, pending: 0, paid: 0, shipped: 0, delivered: 0, cancelled: 0 };
    for (const row of rows) {
      if (!(ORDER_STATUSES as readonly string[]).includes(row.status)) continue;
      counts[row.status] = row.count;
      counts.all += row.count;
    }
    return counts;
  }

  /** An admin marks a cash-on-delivery order paid (pending → paid, paidAt set); refused once paid or cancelled. */
  async markPaid(caller: AuthUser, id: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    if (order.paidAt) throw conflict('ORDER_ALREADY_PAID', 'This order is already paid');
    if (order.status === 'cancelled') throw conflict('ORDER_NOT_PAYABLE', 'A cancelled order cannot be marked paid');
    if (order.paymentMethod !== 'cod') throw conflict('ORDER_NOT_PAYABLE', 'Only a cash-on-delivery order can be marked paid');
    return this.view(caller, await this.transition(order, 'paid', caller.objectId, undefined, { actor: actorOf(caller), event: 'payment' }));
  }

  /** An admin cancels an order with a reason (pending or paid → cancelled: restock and customer mail). */
  async cancelByAdmin(caller: AuthUser, id: string, reason: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    return this.view(caller, await this.transition(order, 'cancelled', caller.objectId, undefined, { actor: actorOf(caller), event: 'cancel', reason }));
  }

  /**
   * An admin refunds a paid order with a reason: refundedAt is set. An order still 'paid' (not shipped) is
   * cancelled by the refund in the same update (restock and customer mail); a shipped, delivered or cancelled
   * one keeps its status.
   */
  async refund(caller: AuthUser, id: string, reason: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    if (!order.paidAt) throw conflict('ORDER_NOT_REFUNDABLE', 'Only a paid order can be refunded');
    if (order.refundedAt) throw conflict('ORDER_NOT_REFUNDABLE', 'This order is already refunded');
    const actor = actorOf(caller);
    if (order.status === 'paid') {
      return this.view(caller, await this.transition(order, 'cancelled', caller.objectId, undefined, { actor, event: 'refund', reason, refund: true }));
    }
    const updated = await this.orders.refund(order._id, order.status, actor, reason, new Date());
    if (!updated) throw conflict('ORDER_CHANGED', 'The order was changed meanwhile; reload it and try again');
    return this.view(caller, updated);
  }

  /** An admin adds an internal note (never shown to the customer). */
  async addNote(caller: AuthUser, id: string, text: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    const updated = await this.orders.addNote(order._id, order.status, actorOf(caller), text, new Date());
    if (!updated) throw conflict('ORDER_CHANGED', 'The order was changed meanwhile; reload it and try again');
    return this.view(caller, updated);
  }

  /** The order as the caller may see it: admins get notes, actors, reasons and the customer's account. */
  private async view(caller: AuthUser, order: OrderDocument): Promise<OrderDto> {
    if (!caller.isAdmin) return OrderDto.from(order);
    const customers = await this.orders.customers(order.user ? [order.user] : []);
    return OrderDto.from(order, { admin: true, customer: order.user ? customers.get(order.user.toString()) : undefined });
  }

  private listFilter(query: OrderListQueryDto) {
    const parsed = parseListQuery(query, LIST_SPEC);
    const f = parsed.filter;
    const filter: OrderListFilter = {};
    if (typeof f.status === 'string') {
      if (!(ORDER_STATUSES as readonly string[]).includes(f.status)) throw badRequest('INVALID_QUERY', `filter status must be one of: ${ORDER_STATUSES.join(', ')}`);
      filter.status = f.status as OrderStatus;
    }
    if (f.user instanceof Types.ObjectId) filter.user = f.user;
    if (Array.isArray(f._id)) filter.ids = f._id;
    if (typeof f.from === 'string') filter.from = this.date(f.from, 'from');
    if (typeof f.to === 'string') filter.to = this.date(f.to, 'to', true);
    if (typeof f.q === 'string' && f.q.trim() !== '') filter.q = f.q.trim();
    return { parsed, filter };
  }

  async list(query: OrderListQueryDto): Promise<{ rows: OrderDto[]; total: number; skip: number }> {
    const { parsed, filter } = this.listFilter(query);
    const sort = { field: parsed.sort.field === 'total' ? 'totalCents' : parsed.sort.field, order: parsed.sort.order };
    const { rows, total } = await this.orders.list(filter, sort, parsed.skip, parsed.limit);
    const customers = await this.orders.customers(rows.flatMap((o) => (o.user ? [o.user] : [])));
    return { rows: rows.map((o) => OrderDto.from(o, { admin: true, customer: o.user ? customers.get(o.user.toString()) : undefined })), total, skip: parsed.skip };
  }

  /** An admin's change of an order (PUT /api/orders/{id} and the older /status, /pay, /deliver): its status, through the transition table. */
  async update(caller: AuthUser, id: string, dto: UpdateOrderDto): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    const extra = { actor: actorOf(caller), ...(dto.status === 'paid' ? { event: 'payment' as const } : {}), ...(dto.status === 'cancelled' && dto.reason ? { event: 'cancel' as const, reason: dto.reason } : {}) };
    return this.view(caller, await this.transition(order, dto.status, caller.objectId, dto.trackingNumber, extra));
  }

  /** The owner cancels a pending order. */
  async cancelByOwner(caller: AuthUser, id: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id, true);
    if (order.status !== 'pending') throw conflict('ORDER_NOT_CANCELLABLE', 'Only a pending order can be cancelled');
    return OrderDto.from(await this.transition(order, 'cancelled', caller.objectId, undefined, { actor: actorOf(caller) }));
  }

  async stats(): Promise<OrderStatsDto> {
    const now = new Date();
    const since = windowStart(now, 30);
    const [byStatus, days, top, low, newCustomers, today, last7Days, last30Days, allTime] = await Promise.all([
      this.orders.countByStatus(),
      this.orders.salesSince(since),
      this.orders.topProducts(5),
      this.inventory.lowStock(LOW_STOCK_THRESHOLD, 10),
      this.orders.countNewCustomers(since),
      this.orders.paidTotals(windowStart(now, 1)),
      this.orders.paidTotals(windowStart(now, 7)),
      this.orders.paidTotals(since),
      this.orders.paidTotals(),
    ]);
    const period = (p: { orders: number; totalCents: number }) => ({
      orders: p.orders,
      revenue: toDollars(p.totalCents),
      averageOrderValue: p.orders === 0 ? 0 : toDollars(Math.round(p.totalCents / p.orders)),
    });
    const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
    let totalOrders = 0;
    for (const row of byStatus) {
      if (!(row._id in ordersByStatus)) continue;
      ordersByStatus[row._id] = row.count;
      totalOrders += row.count;
    }
    return {
      revenue: toDollars(allTime.totalCents),
      averageOrderValue: period(allTime).averageOrderValue,
      revenueByPeriod: { today: period(today), last7Days: period(last7Days), last30Days: period(last30Days), allTime: period(allTime) },
      totalOrders,
      ordersByStatus,
      newCustomers,
      salesPerDay: salesPerDay(days, now, 30).map((d) => ({ date: d.date, orders: d.orders, revenue: toDollars(d.revenueCents) })),
      topProducts: top.map((t) => ({ productId: t._id.toString(), name: t.name, quantity: t.quantity, revenue: toDollars(t.revenueCents) })),
      lowStockProducts: low.map((p) => ({
        _id: p._id.toString(),
        id: p._id.toString(),
        name: p.name,
        countInStock: p.countInStock,
        variants: lowVariants(p.variants, LOW_STOCK_THRESHOLD).map((v) => ({ sku: v.sku, size: v.size ?? null, colour: v.colour ?? null, countInStock: v.countInStock })),
      })),
      lowStockThreshold: LOW_STOCK_THRESHOLD,
    };
  }

  private async transition(order: OrderDocument, to: OrderStatus, by: Types.ObjectId, trackingNumber?: string, extra: TransitionExtra = {}): Promise<OrderDocument> {
    if (!canTransition(order.status, to)) throw conflict('INVALID_TRANSITION', transitionRefusal(order.status, to));
    const mail = `status:${to}` as const;
    const restock = restocksOn(to);
    const updated = await this.orders.changeStatus(order._id, { from: order.status, to, by, at: new Date(), mail, restock, ...(trackingNumber ? { trackingNumber } : {}), ...extra });
    if (!updated) throw conflict('ORDER_CHANGED', 'The order was changed meanwhile; reload it and try again');
    if (restock) {
      // Recorded on the order in the same update: a restock (units and coupon) cut short here is finished by the sweep.
      await this.restocks.restock(updated);
    }
    await this.mails.send(updated, mail);
    return updated;
  }

  private async findVisible(caller: AuthUser, id: string, ownerOnly = false): Promise<OrderDocument> {
    const order = await this.orders.findById(parseObjectIdOr404(id, 'ORDER_NOT_FOUND', 'Order not found'));
    const isOwner = Boolean(order?.user?.equals(caller.objectId));
    if (!order || (!isOwner && (ownerOnly || !caller.isAdmin))) throw notFound('ORDER_NOT_FOUND', 'Order not found');
    return order;
  }

  private async giveBack(taken: StockLine[], coupon: CouponDocument | undefined, user: Types.ObjectId, order: Types.ObjectId): Promise<void> {
    await this.holds.undo(order, taken);
    if (coupon) await this.coupons.release(coupon._id, user, typeof coupon.perCustomerLimit === 'number');
  }

  private idempotencyKey(header: string | string[] | undefined): string {
    if (header === undefined) return randomUUID();
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
      throw badRequest('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 8 to 200 letters, digits or . _ : -');
    }
    return header;
  }

  private date(text: string, key: string, endOfDay = false): Date {
    const time = Date.parse(text);
    if (Number.isNaN(time)) throw badRequest('INVALID_QUERY', `filter ${key} must be a date`);
    const date = new Date(time);
    if (endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(text)) date.setUTCHours(23, 59, 59, 999);
    return date;
  }
}
