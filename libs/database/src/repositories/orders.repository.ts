import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import {
  Order,
  OrderDocument,
  OrderEvent,
  OrderItem,
  OrderMail,
  OrderStatus,
  ShippingAddress,
  type FulfilmentState,
  type OrderState,
  type PaymentState,
  type ReturnedLine,
} from '../schemas/order.schema';
import { User } from '../schemas/user.schema';
import { findPage } from './find-page';
import { escapeRegexText } from './regex-text';
import { orderNumberOf } from '../order-number';

export interface NewOrder {
  /** Chosen before the stock is taken, so the stock holds can name the order. */
  _id?: Types.ObjectId;
  user: Types.ObjectId;
  items: OrderItem[];
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  couponCode?: string;
  coupon?: Types.ObjectId;
  /** The client's key; stored as `<userId>:<key>`. */
  idempotencyKey: string;
  /** The customer's name and e-mail for the first history entry. */
  placedBy?: OrderActor;
  /** The order's first states: placed and unpaid (cash on delivery), or awaiting payment (a card). */
  state: OrderState;
  paymentState: PaymentState;
  /** Until when a card order awaiting payment holds its stock. */
  paymentDueBy?: Date;
  /** The legacy status of those states. */
  status: OrderStatus;
  /** The mails the new order owes (the customer's confirmation, the owner's alert). */
  mails: OrderMail[];
}

export function idempotencyKeyOf(user: Types.ObjectId, key: string): string {
  return `${user.toString()}:${key}`;
}

/** Typed filters of the admin list; built by the service from parsed values. */
export interface OrderListFilter {
  status?: OrderStatus;
  user?: Types.ObjectId;
  ids?: Types.ObjectId[];
  from?: Date;
  to?: Date;
  /** Search text: the order's id or its short number (the id's last hex digits), the customer's name or e-mail. */
  q?: string;
}

/** Who made a change, as recorded on the order (name and e-mail as they were then). */
export interface OrderActor {
  id: Types.ObjectId;
  name: string;
  email: string;
}

/** The customer of an order, for the console. */
export interface OrderCustomer {
  id: Types.ObjectId;
  username: string;
  email: string;
}

/** What an order must still be for a move to apply: the states it was read in (compare-and-set). */
export interface OrderExpectation {
  /** Absent on an order written before the three machines: then `status` is compared instead. */
  state?: OrderState;
  paymentState?: PaymentState;
  fulfilmentState?: FulfilmentState;
  status: OrderStatus;
  /** The refunds' sum as read, so two refunds cannot both pass the "never above what was paid" check. */
  refundedCents?: number;
}

/** One move of an order's machines, written in one conditional update with its history entry, mails and restock. */
export interface OrderMoveInput {
  expect: OrderExpectation;
  /** The new states (all three, and the legacy status derived from them) and the fields that come with them. */
  set: {
    state: OrderState;
    paymentState: PaymentState;
    fulfilmentState: FulfilmentState;
    status: OrderStatus;
    paidAt?: Date;
    paidCents?: number;
    refundedCents?: number;
    refundedAt?: Date;
    refundReason?: string;
    paymentReference?: string;
    paymentFailure?: string | null;
    paymentAttempt?: Types.ObjectId;
    carrier?: string;
    trackingNumber?: string;
    shippedAt?: Date;
    deliveredAt?: Date;
    returnedAt?: Date;
    returnedLines?: ReturnedLine[];
    cancelledAt?: Date;
    cancelReason?: string;
  };
  /** The history entry of the move (none for bookkeeping, e.g. a refund's reservation). */
  history?: { event?: OrderEvent; at: Date; actor?: OrderActor; reason?: string };
  mails?: OrderMail[];
  /** The move returns every line to stock (see Order.restockPending). */
  restock?: boolean;
  /** A refund recorded before the provider is asked (status pending). */
  pushRefund?: { _id: Types.ObjectId; amountCents: number; reason: string; at: Date; actor?: OrderActor };
}

export interface StatusCount {
  _id: OrderStatus;
  count: number;
  totalCents: number;
}

export interface TopProductRow {
  _id: Types.ObjectId;
  name: string;
  quantity: number;
  revenueCents: number;
}

export interface OrderDayRow {
  createdAt: Date;
  totalCents: number;
}

/**
 * The payment states in which money came in (refunded ones count what was kept: nothing). Cancelled orders are left
 * out: a cancel now refunds what was paid, and older orders cancelled after payment recorded no refund.
 */
const MONEY_IN: PaymentState[] = ['paid', 'partially_refunded', 'refunded'];

function actorFields(actor: OrderActor): { by: Types.ObjectId; byName: string; byEmail: string } {
  return { by: actor.id, byName: actor.name, byEmail: actor.email };
}

/** Orders (collection 'orders'; user is an ObjectId, anonymised to null when an account is deleted). */
@Injectable()
export class OrdersRepository {
  constructor(
    @InjectModel(Order.name) private readonly model: Model<Order>,
    @InjectModel(User.name) private readonly users: Model<User>,
  ) {}

  /** Inserts a pending order. A second order with the same (user, idempotencyKey) raises a duplicate-key error. */
  create(newOrder: NewOrder, at: Date): Promise<OrderDocument> {
    const { placedBy, mails, ...order } = newOrder;
    return this.model.create({
      ...order,
      fulfilmentState: 'unfulfilled',
      paidCents: 0,
      refundedCents: 0,
      idempotencyKey: idempotencyKeyOf(order.user, order.idempotencyKey),
      statusHistory: [{ status: order.status, at, ...(placedBy ? actorFields(placedBy) : { by: order.user }) }],
      pendingMails: mails,
    });
  }

  /** The mail job is queued: the order no longer owes it. */
  async mailQueued(id: Types.ObjectId, mail: OrderMail): Promise<void> {
    await this.model.updateOne({ _id: id }, { $pull: { pendingMails: mail } }).exec();
  }

  /**
   * Orders that still owe a mail and were last changed before `before` (left by a failed queueing or a crash): any
   * value at all in pendingMails, the fixed kinds as much as `refunded:<refund id>` (a list of known values misses
   * those). `$gte: ''` (an element that is a string) means the same on MongoDB and on the embedded engine, and
   * MongoDB answers it from the sparse pendingMails index (bounds ["", {})). Not `$type: 'string'`: the embedded
   * engine does not match it against an array's elements.
   */
  owingMails(before: Date, limit: number): Promise<OrderDocument[]> {
    return this.model
      .find({ pendingMails: { $gte: '' }, updatedAt: { $lt: before } })
      .limit(limit)
      .exec();
  }

  /** Every line of the order is back in stock. */
  async restocked(id: Types.ObjectId): Promise<void> {
    await this.model.updateOne({ _id: id }, { $unset: { restockPending: 1 } }).exec();
  }

  /**
   * Claims one order whose restock was begun before `before` and not finished (a crash in the middle): the
   * claim moves its updatedAt to now, so another API instance's sweep does not take it at the same time.
   */
  claimOwingRestock(before: Date): Promise<OrderDocument | null> {
    return this.model
      .findOneAndUpdate({ restockPending: true, updatedAt: { $lt: before } }, { $set: { restockPending: true } }, { returnDocument: 'after' })
      .exec();
  }

  findById(id: Types.ObjectId): Promise<OrderDocument | null> {
    return this.model.findById(id).exec();
  }

  /** The order a user placed with this Idempotency-Key (keys are stored namespaced by user). */
  async exists(id: Types.ObjectId): Promise<boolean> {
    return (await this.model.exists({ _id: id }).exec()) !== null;
  }

  findByIdempotencyKey(user: Types.ObjectId, key: string): Promise<OrderDocument | null> {
    return this.model.findOne({ user, idempotencyKey: idempotencyKeyOf(user, key) }).exec();
  }

  findByUser(user: Types.ObjectId): Promise<OrderDocument[]> {
    return this.model.find({ user }).sort({ createdAt: -1, _id: -1 }).limit(500).exec();
  }

  private async toQuery(filter: OrderListFilter): Promise<Record<string, unknown>> {
    const query: Record<string, unknown> = {};
    if (filter.q) query.$or = await this.searchClauses(filter.q);
    if (filter.status) query.status = filter.status;
    if (filter.user) query.user = filter.user;
    if (filter.ids) query._id = { $in: filter.ids };
    if (filter.from || filter.to) {
      query.createdAt = { ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lte: filter.to } : {}) };
    }
    return query;
  }

  async list(
    filter: OrderListFilter,
    sort: { field: string; order: 1 | -1 },
    skip: number,
    limit: number,
  ): Promise<{ rows: OrderDocument[]; total: number }> {
    const query = await this.toQuery(filter);
    return findPage(this.model, query, sort, skip, limit);
  }

  /**
   * The clauses of a search: the whole id; the order number (orderNumberOf: the id's last 8 hex digits, any case,
   * with or without "#") or any shorter tail of it; the name on the shipping address; the customer's username or e-mail.
   */
  private async searchClauses(text: string): Promise<Record<string, unknown>[]> {
    const q = text.trim().replace(/^#/, '');
    const pattern = new RegExp(escapeRegexText(q), 'i');
    const clauses: Record<string, unknown>[] = [{ 'shippingAddress.fullName': pattern }];
    const users = await this.users
      .find({ $or: [{ username: pattern }, { email: pattern }] }, { _id: 1 })
      .limit(1000)
      .lean<{ _id: Types.ObjectId }[]>()
      .exec();
    if (users.length > 0) clauses.push({ user: { $in: users.map((u) => u._id) } });
    const hex = q.toLowerCase();
    if (/^[0-9a-f]{24}$/.test(hex)) clauses.push({ _id: new Types.ObjectId(hex) });
    else if (/^[0-9a-f]{4,23}$/.test(hex)) {
      // An id's tail is not a range of ids: the ids are matched here (the _id index alone is read).
      const ids = await this.model.find({}, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>().exec();
      const number = hex.toUpperCase();
      const found = ids
        .filter((o) => (hex.length <= 8 ? orderNumberOf(o._id).endsWith(number) : o._id.toHexString().endsWith(hex)))
        .map((o) => o._id);
      if (found.length > 0) clauses.push({ _id: { $in: found } });
    }
    return clauses;
  }

  /** The number of orders per status among those the filter matches (its status ignored), for the console's tabs. */
  async countsByStatus(filter: OrderListFilter): Promise<{ status: OrderStatus; count: number }[]> {
    const query = await this.toQuery({ ...filter, status: undefined });
    const rows = await this.model
      .aggregate<{ _id: OrderStatus; count: number }>([{ $match: query }, { $group: { _id: '$status', count: { $sum: 1 } } }])
      .exec();
    return rows.map((r) => ({ status: r._id, count: r.count }));
  }

  /** The customers (username and e-mail) of these user ids; deleted accounts are absent. */
  async customers(ids: Types.ObjectId[]): Promise<Map<string, OrderCustomer>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users
      .find({ _id: { $in: ids } }, { username: 1, email: 1 })
      .lean<{ _id: Types.ObjectId; username: string; email: string }[]>()
      .exec();
    return new Map(rows.map((u) => [u._id.toString(), { id: u._id, username: u.username, email: u.email }]));
  }

  /** Adds an internal note and its history entry to an order still in `status`. Null when it changed meanwhile. */
  addNote(id: Types.ObjectId, status: OrderStatus, actor: OrderActor, text: string, at: Date): Promise<OrderDocument | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, status },
        {
          $push: {
            notes: { _id: new Types.ObjectId(), text, at, by: actor.id, byName: actor.name, byEmail: actor.email },
            statusHistory: { status, at, event: 'note', note: text, ...actorFields(actor) },
          },
        },
        { returnDocument: 'after' },
      )
      .exec();
  }

  /**
   * Applies a move only if the order is still as it was read (its three states, or its status before the
   * machines, and its refunds' sum): two concurrent moves cannot both succeed. Null when it changed meanwhile.
   */
  move(id: Types.ObjectId, move: OrderMoveInput): Promise<OrderDocument | null> {
    const e = move.expect;
    const filter: Record<string, unknown> = { _id: id, status: e.status };
    if (e.state) Object.assign(filter, { state: e.state, paymentState: e.paymentState, fulfilmentState: e.fulfilmentState });
    else filter.state = { $exists: false };
    if (e.refundedCents !== undefined) filter.refundedCents = e.refundedCents === 0 ? { $in: [0, null] } : e.refundedCents;
    const set: Record<string, unknown> = {};
    const unset: Record<string, 1> = {};
    for (const [key, value] of Object.entries(move.set)) {
      if (value === null) unset[key] = 1;
      else if (value !== undefined) set[key] = value;
    }
    if (move.restock) set.restockPending = true;
    const h = move.history;
    const push: Record<string, unknown> = {};
    if (h)
      push.statusHistory = {
        status: move.set.status,
        at: h.at,
        ...(h.actor ? actorFields(h.actor) : {}),
        ...(h.event ? { event: h.event } : {}),
        ...(h.reason ? { reason: h.reason } : {}),
      };
    if (move.pushRefund) {
      const r = move.pushRefund;
      push.refunds = {
        _id: r._id,
        amountCents: r.amountCents,
        reason: r.reason,
        status: 'pending',
        at: r.at,
        ...(r.actor ? actorFields(r.actor) : {}),
      };
    }
    return this.model
      .findOneAndUpdate(
        filter,
        {
          $set: set,
          ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
          ...(Object.keys(push).length > 0 ? { $push: push } : {}),
          ...(move.mails && move.mails.length > 0 ? { $addToSet: { pendingMails: { $each: move.mails } } } : {}),
        },
        { returnDocument: 'after' },
      )
      .exec();
  }

  /**
   * Settles a pending refund: succeeded (with the provider's reference) or failed (its amount no longer counted).
   * Null when it was settled meanwhile (a retry that lost the race).
   */
  settleRefund(
    id: Types.ObjectId,
    refund: Types.ObjectId,
    outcome: { status: 'succeeded'; reference?: string } | { status: 'failed'; failure: string; amountCents: number },
  ): Promise<OrderDocument | null> {
    const set: Record<string, unknown> = { 'refunds.$.status': outcome.status };
    if (outcome.status === 'succeeded' && outcome.reference) set['refunds.$.reference'] = outcome.reference;
    if (outcome.status === 'failed') set['refunds.$.failure'] = outcome.failure;
    return this.model
      .findOneAndUpdate(
        { _id: id, refunds: { $elemMatch: { _id: refund, status: 'pending' } } },
        { $set: set, ...(outcome.status === 'failed' ? { $inc: { refundedCents: -outcome.amountCents } } : {}) },
        { returnDocument: 'after' },
      )
      .exec();
  }

  /** Orders with a refund still pending since before `before` (a crash or a provider timeout between record and answer). */
  pendingRefunds(before: Date, limit: number): Promise<OrderDocument[]> {
    return this.model
      .find({ refunds: { $elemMatch: { status: 'pending', at: { $lt: before } } } })
      .limit(limit)
      .exec();
  }

  /** Card orders still awaiting payment whose hold ran out before `now`. */
  overdueAwaitingPayment(now: Date, limit: number): Promise<OrderDocument[]> {
    return this.model
      .find({ state: 'awaiting_payment', paymentDueBy: { $lt: now } })
      .limit(limit)
      .exec();
  }

  /**
   * Gives the three states to orders written before them, from their status and timestamps (idempotent: only
   * orders without a state are touched; safe with several instances starting at once). Returns how many changed.
   */
  async migrateStates(
    statesOf: (o: Pick<Order, 'status' | 'paidAt' | 'refundedAt' | 'deliveredAt' | 'paymentMethod'>) => {
      state: OrderState;
      paymentState: PaymentState;
      fulfilmentState: FulfilmentState;
    },
  ): Promise<number> {
    const legacy = await this.model
      .find({ state: { $exists: false } }, { status: 1, paidAt: 1, refundedAt: 1, deliveredAt: 1, paymentMethod: 1, totalCents: 1 })
      .lean<Pick<Order, '_id' | 'status' | 'paidAt' | 'refundedAt' | 'deliveredAt' | 'paymentMethod' | 'totalCents'>[]>()
      .exec();
    let changed = 0;
    for (const o of legacy) {
      const states = statesOf(o);
      const paid = states.paymentState !== 'unpaid';
      const result = await this.model
        .updateOne(
          { _id: o._id, state: { $exists: false }, status: o.status },
          { $set: { ...states, paidCents: paid ? o.totalCents : 0, refundedCents: states.paymentState === 'refunded' ? o.totalCents : 0 } },
          { timestamps: false },
        )
        .exec();
      changed += result.modifiedCount;
    }
    return changed;
  }

  async countByStatus(): Promise<StatusCount[]> {
    return this.model.aggregate<StatusCount>([{ $group: { _id: '$status', count: { $sum: 1 }, totalCents: { $sum: '$totalCents' } } }]).exec();
  }

  /**
   * Orders whose money came in since a date, for sales per day: `createdAt` is the day the money came in (paidAt),
   * `totalCents` what was kept (paid, net of refunds). Unpaid orders, cash on delivery included, are not revenue yet.
   */
  async salesSince(since: Date): Promise<OrderDayRow[]> {
    const rows = await this.model
      .find(
        { paymentState: { $in: MONEY_IN }, state: { $ne: 'cancelled' }, paidAt: { $gte: since } },
        { paidAt: 1, paidCents: 1, refundedCents: 1, _id: 0 },
      )
      .lean<{ paidAt: Date; paidCents?: number; refundedCents?: number }[]>()
      .exec();
    return rows.map((r) => ({ createdAt: r.paidAt, totalCents: (r.paidCents ?? 0) - (r.refundedCents ?? 0) })).filter((r) => r.totalCents > 0);
  }

  /** The number of orders paid since a date (every paid one without) and not refunded in full, and what they kept: paid net of refunds. */
  async paidTotals(since?: Date): Promise<{ orders: number; totalCents: number }> {
    const [row] = await this.model
      .aggregate<{ orders: number; totalCents: number }>([
        { $match: { paymentState: { $in: ['paid', 'partially_refunded'] }, state: { $ne: 'cancelled' }, paidAt: { $gte: since ?? new Date(0) } } },
        { $group: { _id: null, orders: { $sum: 1 }, totalCents: { $sum: { $subtract: ['$paidCents', { $ifNull: ['$refundedCents', 0] }] } } } },
      ])
      .exec();
    return { orders: row?.orders ?? 0, totalCents: row?.totalCents ?? 0 };
  }

  /**
   * The best sellers by units in orders paid and not refunded in full; a line's revenue is what the customer paid
   * for it: its price after the order's discount (shared by the lines in proportion), less its share of refunds.
   */
  topProducts(limit: number): Promise<TopProductRow[]> {
    return this.model
      .aggregate<TopProductRow>([
        { $match: { paymentState: { $in: ['paid', 'partially_refunded'] }, state: { $ne: 'cancelled' } } },
        {
          $project: {
            items: 1,
            // What was kept of each cent of the lines: after the discount, and after refunds (of the whole order).
            kept: {
              $multiply: [
                { $cond: [{ $gt: ['$subtotalCents', 0] }, { $divide: [{ $subtract: ['$subtotalCents', '$discountCents'] }, '$subtotalCents'] }, 0] },
                {
                  $cond: [
                    { $gt: ['$paidCents', 0] },
                    { $divide: [{ $subtract: ['$paidCents', { $ifNull: ['$refundedCents', 0] }] }, '$paidCents'] },
                    0,
                  ],
                },
              ],
            },
          },
        },
        { $unwind: '$items' },
        {
          $group: {
            _id: '$items.product',
            name: { $last: '$items.name' },
            quantity: { $sum: '$items.quantity' },
            revenueCents: { $sum: { $multiply: ['$items.unitPriceCents', '$items.quantity', '$kept'] } },
          },
        },
        { $sort: { quantity: -1, _id: 1 } },
        { $limit: limit },
      ])
      .exec()
      .then((rows) => rows.map((r) => ({ ...r, revenueCents: Math.round(r.revenueCents) })));
  }

  /** Customers (not admins or distributors) who registered since a date. */
  countNewCustomers(since: Date): Promise<number> {
    return this.users.countDocuments({ createdAt: { $gte: since }, isAdmin: false, isDistributor: false }).exec();
  }
}
