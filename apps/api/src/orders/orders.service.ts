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
  OrdersRepository,
  OrderStatus,
  StockLine,
} from '@shop/database';
import { MONEY_TAKEN, OrderTransitionsService, StockHoldsService, stateWords, statesOf, type OrderMove } from '@shop/orders';
import { PaymentAttemptsService, PaymentProviderError } from '@shop/payments';
import type { AuthUser } from '../auth/auth-user';
import { stockRefusal, CartService } from '../cart/cart.service';
import { badRequest, conflict, DomainError, notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { couponRule, CouponsService } from '../coupons/coupons.service';
import { OrderCountsDto, OrderDto, OrderListQueryDto, OrderStatsDto, PlaceOrderDto, UpdateOrderDto } from './dto/order.dto';
import { salesPerDay, windowStart } from './order-stats';
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

/** How long a card order awaiting payment holds its stock before the reconciler cancels it. */
export const PAYMENT_HOLD_MS = 30 * 60_000;

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
    private readonly transitions: OrderTransitionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly holds: StockHoldsService,
    private readonly addressBook: AddressBookService,
    private readonly cardPayments: PaymentAttemptsService,
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
    if (cart.unavailable.length > 0)
      throw conflict('ITEM_UNAVAILABLE', 'An item in your cart is no longer available; please remove it from your cart');
    if (cart.lines.length === 0) {
      // A concurrent request with the same key may have placed the order and emptied the cart.
      const placed = await this.orders.findByIdempotencyKey(user, key);
      if (placed) return { order: OrderDto.from(placed), replayed: true };
      throw badRequest('CART_EMPTY', 'Your cart is empty');
    }

    // Refused before anything is taken: an unknown or unconfigured method (a card without Stripe's keys).
    this.payments.provider(dto.paymentMethod);
    const subtotal = cart.lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
    const coupon: CouponDocument | undefined = dto.couponCode ? await this.coupons.checkForOrder(dto.couponCode, user, subtotal) : undefined;
    const totals = computeTotals(cart.lines, coupon ? couponRule(coupon) : undefined, this.config.taxRate);
    const items: OrderItem[] = cart.lines.map((l) => ({
      product: l.product._id,
      name: l.product.name,
      image: l.variant?.image || l.product.image,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      ...(l.variant
        ? {
            variantSku: l.variant.sku,
            ...(l.variant.size ? { size: l.variant.size } : {}),
            ...(l.variant.colour ? { colour: l.variant.colour } : {}),
          }
        : {}),
    }));

    const card = dto.paymentMethod === 'card';
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
          // Cash: placed at once, paid at the door. A card: awaiting its payment, the stock held until paymentDueBy;
          // the customer's confirmation and the owner's alert wait for the payment.
          ...(card
            ? {
                state: 'awaiting_payment',
                paymentState: 'unpaid',
                status: 'pending',
                paymentDueBy: new Date(Date.now() + PAYMENT_HOLD_MS),
                mails: [],
              }
            : { state: 'placed', paymentState: 'unpaid', status: 'pending', mails: ['placed', 'new-order-alert'] }),
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

    await this.holds.settle(
      orderId,
      taken.map((l) => l.product),
    );
    await this.cart.empty(user);
    await this.transitions.sendOwed(order);
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

  /**
   * An admin records the cash of a cash-on-delivery order (payment unpaid → paid, paidAt and paidCents set): when
   * the courier brings it back, before or after delivery. Refused once paid, and for cancelled or card orders.
   */
  async markPaid(caller: AuthUser, id: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    const states = statesOf(order);
    if (states.paymentState !== 'unpaid' && states.paymentState !== 'failed') throw conflict('ORDER_ALREADY_PAID', 'This order is already paid');
    if (states.state !== 'placed' && states.state !== 'completed')
      throw conflict(
        'ORDER_NOT_PAYABLE',
        `A${states.state === 'awaiting_payment' ? 'n order awaiting payment' : ` ${states.state} order`} cannot be marked paid`,
      );
    if (order.paymentMethod !== 'cod') throw conflict('ORDER_NOT_PAYABLE', 'Only a cash-on-delivery order can be marked paid');
    const at = new Date();
    return this.view(
      caller,
      await this.move(order, {
        payment: 'paid',
        set: { paidAt: at, paidCents: order.totalCents },
        event: 'payment',
        actor: actorOf(caller),
        mails: ['paid'],
        at,
      }),
    );
  }

  /** An admin ships an order (fulfilment unfulfilled → shipped) with the carrier and its tracking number. */
  async ship(caller: AuthUser, id: string, carrier: string | undefined, trackingNumber: string | undefined): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    const states = statesOf(order);
    if (states.state !== 'placed')
      throw conflict(
        'ORDER_NOT_SHIPPABLE',
        states.state === 'awaiting_payment'
          ? 'The order is awaiting its payment and cannot ship yet'
          : `An order ${stateWords(states.state)} cannot ship`,
      );
    const at = new Date();
    const set = { shippedAt: at, ...(carrier ? { carrier } : {}), ...(trackingNumber ? { trackingNumber } : {}) };
    return this.view(
      caller,
      await this.move(order, { fulfilment: 'shipped', set, event: 'shipment', actor: actorOf(caller), mails: ['shipped'], at }),
    );
  }

  /** An admin records the delivery (fulfilment shipped → delivered); a paid order is then completed. */
  async deliver(caller: AuthUser, id: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    const at = new Date();
    return this.view(
      caller,
      await this.move(order, {
        fulfilment: 'delivered',
        set: { deliveredAt: at },
        event: 'delivery',
        actor: actorOf(caller),
        mails: ['delivered'],
        at,
      }),
    );
  }

  /**
   * An admin cancels an order with a reason (awaiting payment or placed → cancelled) before it ships: the stock
   * and the coupon go back, the customer is told why; money already taken is refunded in full. The reason is
   * required by POST /{id}/admin-cancel; the deprecated PUT /{id}/status may leave it out.
   */
  async cancelByAdmin(caller: AuthUser, id: string, reason: string | undefined): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    const cancelled = await this.cancel(order, actorOf(caller), reason);
    return this.view(caller, cancelled);
  }

  /**
   * An admin refunds part or all of what was paid, with a reason. The refund is recorded first (pending, counted
   * against what was paid in a conditional update, so two refunds cannot together exceed it), then the provider is
   * asked with the refund's id as its idempotency key, then the payment moves to partially refunded or refunded and
   * the customer is mailed. A full refund of an order not shipped yet also cancels it (stock back).
   */
  async refund(caller: AuthUser, id: string, reason: string, amountCents?: number): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    return this.view(caller, await this.refundOrder(order, reason, actorOf(caller), amountCents));
  }

  /** An admin records a return of shipped or delivered lines: the fulfilment becomes returned and those units go back to stock. */
  async returnLines(caller: AuthUser, id: string, lines: { line: number; quantity: number }[], reason: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id);
    const merged = new Map<number, number>();
    for (const l of lines) merged.set(l.line, (merged.get(l.line) ?? 0) + l.quantity);
    for (const [line, quantity] of merged) {
      const item = order.items[line];
      if (!item) throw badRequest('INVALID_RETURN', `The order has no line ${line}`, { lines: `line ${line} does not exist` });
      if (quantity > item.quantity)
        throw badRequest('INVALID_RETURN', `Only ${item.quantity} of ${item.name} were ordered`, { lines: `line ${line}: at most ${item.quantity}` });
    }
    const returnedLines = [...merged].map(([line, quantity]) => ({ line, quantity }));
    const at = new Date();
    return this.view(
      caller,
      await this.move(order, {
        fulfilment: 'returned',
        set: { returnedAt: at, returnedLines },
        event: 'return',
        reason,
        actor: actorOf(caller),
        mails: ['returned'],
        restock: true,
        at,
      }),
    );
  }

  private async refundOrder(order: OrderDocument, reason: string, actor: OrderActor | undefined, amountCents?: number): Promise<OrderDocument> {
    const states = statesOf(order);
    if (!MONEY_TAKEN.includes(states.paymentState)) {
      throw conflict(
        'ORDER_NOT_REFUNDABLE',
        states.paymentState === 'refunded' ? 'This order is already refunded' : 'Only a paid order can be refunded',
      );
    }
    const paid = order.paidCents || order.totalCents;
    const refunded = order.refundedCents ?? 0;
    const left = paid - refunded;
    const amount = amountCents ?? left;
    if (amount <= 0 || amount > left) {
      throw conflict(
        'REFUND_EXCEEDS_PAID',
        left <= 0
          ? 'Everything paid is already refunded'
          : `At most ${toDollars(left).toFixed(2)} can be refunded (paid ${toDollars(paid).toFixed(2)}, refunded ${toDollars(refunded).toFixed(2)})`,
        { amount: `at most ${toDollars(left).toFixed(2)}` },
      );
    }
    const refundId = new Types.ObjectId();
    const at = new Date();
    // 1. Recorded (pending) and counted, only if nobody refunded meanwhile.
    const reserved = await this.move(order, {
      set: { refundedCents: refunded + amount },
      pushRefund: { _id: refundId, amountCents: amount, reason, at, ...(actor ? { actor } : {}) },
      guardRefunds: true,
      silent: true,
      at,
    });
    // 2. The provider, keyed by the refund's id: a retry of this refund cannot pay out twice.
    let reference: string | undefined;
    try {
      reference = (
        await this.payments
          .provider(order.paymentMethod)
          .refund({ paymentReference: order.paymentReference, refundId: refundId.toHexString(), amountCents: amount, reason })
      ).reference;
    } catch (error) {
      const failure = error instanceof Error ? error.message : 'The payment provider refused the refund';
      await this.orders.settleRefund(order._id, refundId, { status: 'failed', failure, amountCents: amount });
      throw new DomainError(502, 'REFUND_FAILED', `The refund was not made: ${failure}`);
    }
    const settled = (await this.orders.settleRefund(order._id, refundId, { status: 'succeeded', ...(reference ? { reference } : {}) })) ?? reserved;
    // 3. The payment's state, the customer's mail; a full refund of an order not shipped cancels it.
    const full = refunded + amount >= paid;
    const cancels = full && statesOf(settled).fulfilmentState === 'unfulfilled' && statesOf(settled).state === 'placed';
    return this.move(settled, {
      payment: full ? 'refunded' : 'partially_refunded',
      ...(cancels ? { order: 'cancelled' as const, restock: true } : {}),
      set: { ...(full ? { refundedAt: at, refundReason: reason } : {}), ...(cancels ? { cancelledAt: at, cancelReason: reason } : {}) },
      mails: [`refunded:${refundId.toHexString()}`, ...(cancels ? (['cancelled'] as const) : [])],
      event: 'refund',
      reason,
      ...(actor ? { actor } : {}),
      at,
    });
  }

  /** Cancels before shipping: stock and coupon back, the customer told; money taken refunded. `byOwner`: the customer's own cancel (a plain status entry). */
  private async cancel(order: OrderDocument, actor: OrderActor, reason?: string, byOwner = false): Promise<OrderDocument> {
    const states = statesOf(order);
    if (states.fulfilmentState !== 'unfulfilled')
      throw conflict('INVALID_TRANSITION', `The order is ${stateWords(states.fulfilmentState)}; record a return instead of cancelling it`);
    if (order.paymentMethod === 'card' && states.state === 'awaiting_payment' && order.paymentAttempt) await this.releaseCardIntents(order);
    const at = new Date();
    const cancelled = await this.move(order, {
      order: 'cancelled',
      // An authorised card is released by the payment's own job; a declined or unpaid one owes nothing.
      set: { cancelledAt: at, ...(reason ? { cancelReason: reason } : {}) },
      ...(byOwner ? {} : { event: 'cancel' as const }),
      actor,
      ...(reason ? { reason } : {}),
      mails: ['cancelled'],
      restock: true,
      at,
    });
    if (MONEY_TAKEN.includes(states.paymentState)) return this.refundOrder(cancelled, reason ?? 'Order cancelled', actor);
    return cancelled;
  }

  /** A card order awaiting payment is cancelled only once none of its Stripe intents can be paid any more. */
  private async releaseCardIntents(order: OrderDocument): Promise<void> {
    let outcome: 'released' | 'paid' | 'processing';
    try {
      outcome = await this.cardPayments.releaseIntents(order._id);
    } catch (error) {
      if (error instanceof PaymentProviderError)
        throw new DomainError(502, 'PAYMENT_PROVIDER_ERROR', `${error.message}; the order was not cancelled, please try again`);
      throw error;
    }
    if (outcome === 'paid') throw conflict('ORDER_CHANGED', 'The order was paid meanwhile; reload it');
    if (outcome === 'processing') throw conflict('ORDER_NOT_CANCELLABLE', 'The payment of this order is being processed; it cannot be cancelled now');
  }

  /** Applies a move of the order's machines; a refused or lost one answers 409 with its code. */
  private async move(order: OrderDocument, move: OrderMove): Promise<OrderDocument> {
    const result = await this.transitions.apply(order, move);
    if (!result.ok) throw conflict(result.refusal.code, result.refusal.message);
    return result.order;
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
      if (!(ORDER_STATUSES as readonly string[]).includes(f.status))
        throw badRequest('INVALID_QUERY', `filter status must be one of: ${ORDER_STATUSES.join(', ')}`);
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
    return {
      rows: rows.map((o) => OrderDto.from(o, { admin: true, customer: o.user ? customers.get(o.user.toString()) : undefined })),
      total,
      skip: parsed.skip,
    };
  }

  /**
   * The older single-status change (the deprecated PUT /api/orders/{id}/status), mapped onto the methods of the
   * first-class actions: paid → markPaid, shipped → ship (with a tracking number), delivered → deliver,
   * cancelled → cancelByAdmin.
   */
  async update(caller: AuthUser, id: string, dto: UpdateOrderDto): Promise<OrderDto> {
    switch (dto.status) {
      case 'paid':
        return this.markPaid(caller, id);
      case 'shipped':
        return this.ship(caller, id, undefined, dto.trackingNumber);
      case 'delivered':
        return this.deliver(caller, id);
      case 'cancelled':
        return this.cancelByAdmin(caller, id, dto.reason);
      default:
        throw conflict('INVALID_TRANSITION', 'An order cannot go back to pending');
    }
  }

  /** The owner cancels an order that is neither paid nor shipped. */
  async cancelByOwner(caller: AuthUser, id: string): Promise<OrderDto> {
    const order = await this.findVisible(caller, id, true);
    const states = statesOf(order);
    const open = (states.state === 'placed' || states.state === 'awaiting_payment') && states.fulfilmentState === 'unfulfilled';
    if (!open || MONEY_TAKEN.includes(states.paymentState) || states.paymentState === 'authorized') {
      throw conflict('ORDER_NOT_CANCELLABLE', 'Only an order not paid and not shipped yet can be cancelled');
    }
    return OrderDto.from(await this.cancel(order, actorOf(caller), undefined, true));
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
        variants: lowVariants(p.variants, LOW_STOCK_THRESHOLD).map((v) => ({
          sku: v.sku,
          size: v.size ?? null,
          colour: v.colour ?? null,
          countInStock: v.countInStock,
        })),
      })),
      lowStockThreshold: LOW_STOCK_THRESHOLD,
    };
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
