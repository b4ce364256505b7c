import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Order, OrderDocument, OrderEvent, OrderItem, OrderMail, OrderStatus, ShippingAddress } from '../schemas/order.schema';
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

export interface OrderStatusChangeInput {
  from: OrderStatus;
  to: OrderStatus;
  by?: Types.ObjectId;
  /** The actor's name and e-mail, recorded with `by` in the history. */
  actor?: OrderActor;
  /** What the history entry records (absent: a status change). */
  event?: OrderEvent;
  /** An admin's reason (a cancellation: stored as cancelReason). */
  reason?: string;
  /** The change also refunds a paid order (refundedAt and refundReason, in the same update). */
  refund?: boolean;
  at: Date;
  trackingNumber?: string;
  /** The mail the change owes the customer, recorded in the same update (see Order.pendingMails). */
  mail?: OrderMail;
  /** The change puts the order's units back in stock (see Order.restockPending). */
  restock?: boolean;
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
    const { placedBy, ...order } = newOrder;
    return this.model.create({
      ...order,
      idempotencyKey: idempotencyKeyOf(order.user, order.idempotencyKey),
      status: 'pending',
      statusHistory: [{ status: 'pending', at, ...(placedBy ? actorFields(placedBy) : { by: order.user }) }],
      pendingMails: ['confirmation'],
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

  async list(filter: OrderListFilter, sort: { field: string; order: 1 | -1 }, skip: number, limit: number): Promise<{ rows: OrderDocument[]; total: number }> {
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
    const users = await this.users.find({ $or: [{ username: pattern }, { email: pattern }] }, { _id: 1 }).limit(1000).lean<{ _id: Types.ObjectId }[]>().exec();
    if (users.length > 0) clauses.push({ user: { $in: users.map((u) => u._id) } });
    const hex = q.toLowerCase();
    if (/^[0-9a-f]{24}$/.test(hex)) clauses.push({ _id: new Types.ObjectId(hex) });
    else if (/^[0-9a-f]{4,23}$/.test(hex)) {
      // An id's tail is not a range of ids: the ids are matched here (the _id index alone is read).
      const ids = await this.model.find({}, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>().exec();
      const number = hex.toUpperCase();
      const found = ids.filter((o) => (hex.length <= 8 ? orderNumberOf(o._id).endsWith(number) : o._id.toHexString().endsWith(hex))).map((o) => o._id);
      if (found.length > 0) clauses.push({ _id: { $in: found } });
    }
    return clauses;
  }

  /** The number of orders per status among those the filter matches (its status ignored), for the console's tabs. */
  async countsByStatus(filter: OrderListFilter): Promise<{ status: OrderStatus; count: number }[]> {
    const query = await this.toQuery({ ...filter, status: undefined });
    const rows = await this.model.aggregate<{ _id: OrderStatus; count: number }>([{ $match: query }, { $group: { _id: '$status', count: { $sum: 1 } } }]).exec();
    return rows.map((r) => ({ status: r._id, count: r.count }));
  }

  /** The customers (username and e-mail) of these user ids; deleted accounts are absent. */
  async customers(ids: Types.ObjectId[]): Promise<Map<string, OrderCustomer>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.find({ _id: { $in: ids } }, { username: 1, email: 1 }).lean<{ _id: Types.ObjectId; username: string; email: string }[]>().exec();
    return new Map(rows.map((u) => [u._id.toString(), { id: u._id, username: u.username, email: u.email }]));
  }

  /**
   * Records the refund of a paid order that is still in `status` and not refunded yet (a conditional update).
   * Null when it was refunded or changed meanwhile.
   */
  refund(id: Types.ObjectId, status: OrderStatus, actor: OrderActor, reason: string, at: Date): Promise<OrderDocument | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, status, paidAt: { $exists: true }, refundedAt: { $exists: false } },
        { $set: { refundedAt: at, refundReason: reason }, $push: { statusHistory: { status, at, event: 'refund', reason, ...actorFields(actor) } } },
        { returnDocument: 'after' },
      )
      .exec();
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
   * Moves an order from one status to another only if it is still in `from` (a conditional update),
   * so two concurrent changes cannot both succeed. Null when the order was not in `from`.
   */
  changeStatus(id: Types.ObjectId, change: OrderStatusChangeInput): Promise<OrderDocument | null> {
    const set: Record<string, unknown> = { status: change.to };
    if (change.to === 'paid') set.paidAt = change.at;
    if (change.to === 'delivered') set.deliveredAt = change.at;
    if (change.to === 'cancelled') set.cancelledAt = change.at;
    if (change.trackingNumber !== undefined) set.trackingNumber = change.trackingNumber;
    if (change.restock) set.restockPending = true;
    if (change.to === 'cancelled' && change.reason) set.cancelReason = change.reason;
    if (change.refund) {
      set.refundedAt = change.at;
      if (change.reason) set.refundReason = change.reason;
    }
    const entry = {
      status: change.to,
      at: change.at,
      ...(change.actor ? actorFields(change.actor) : change.by ? { by: change.by } : {}),
      ...(change.event ? { event: change.event } : {}),
      ...(change.reason ? { reason: change.reason } : {}),
    };
    return this.model
      .findOneAndUpdate(
        { _id: id, status: change.from, ...(change.refund ? { paidAt: { $exists: true }, refundedAt: { $exists: false } } : {}) },
        {
          $set: set,
          $push: { statusHistory: entry },
          ...(change.mail ? { $addToSet: { pendingMails: change.mail } } : {}),
        },
        { returnDocument: 'after' },
      )
      .exec();
  }

  async countByStatus(): Promise<StatusCount[]> {
    return this.model.aggregate<StatusCount>([{ $group: { _id: '$status', count: { $sum: 1 }, totalCents: { $sum: '$totalCents' } } }]).exec();
  }

  /**
   * Paid orders (paidAt set, not cancelled since) paid since a date, for sales per day: `createdAt` is the day the
   * money came in (paidAt). Unpaid orders, cash on delivery included, are not revenue yet.
   */
  async salesSince(since: Date): Promise<OrderDayRow[]> {
    const rows = await this.model
      .find({ paidAt: { $gte: since }, status: { $ne: 'cancelled' }, refundedAt: { $exists: false } }, { paidAt: 1, totalCents: 1, _id: 0 })
      .lean<{ paidAt: Date; totalCents: number }[]>()
      .exec();
    return rows.map((r) => ({ createdAt: r.paidAt, totalCents: r.totalCents }));
  }

  /** The number and the total of the orders paid since a date (every paid order without one), cancelled ones left out. */
  async paidTotals(since?: Date): Promise<{ orders: number; totalCents: number }> {
    const [row] = await this.model
      .aggregate<{ orders: number; totalCents: number }>([
        { $match: { paidAt: { $gte: since ?? new Date(0) }, status: { $ne: 'cancelled' }, refundedAt: { $exists: false } } },
        { $group: { _id: null, orders: { $sum: 1 }, totalCents: { $sum: '$totalCents' } } },
      ])
      .exec();
    return { orders: row?.orders ?? 0, totalCents: row?.totalCents ?? 0 };
  }

  topProducts(limit: number): Promise<TopProductRow[]> {
    return this.model
      .aggregate<TopProductRow>([
        { $match: { status: { $ne: 'cancelled' } } },
        { $unwind: '$items' },
        {
          $group: {
            _id: '$items.product',
            name: { $last: '$items.name' },
            quantity: { $sum: '$items.quantity' },
            revenueCents: { $sum: { $multiply: ['$items.unitPriceCents', '$items.quantity'] } },
          },
        },
        { $sort: { quantity: -1, _id: 1 } },
        { $limit: limit },
      ])
      .exec();
  }

  /** Customers (not admins or distributors) who registered since a date. */
  countNewCustomers(since: Date): Promise<number> {
    return this.users.countDocuments({ createdAt: { $gte: since }, isAdmin: false, isDistributor: false }).exec();
  }
}
