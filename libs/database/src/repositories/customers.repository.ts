import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, QueryFilter, SortOrder, Types } from 'mongoose';
import { NewsletterSubscriber } from '../schemas/newsletter-subscriber.schema';
import { Order, type FulfilmentState, type OrderStatus, type PaymentState, type ShippingAddress } from '../schemas/order.schema';
import { Product } from '../schemas/product.schema';
import { User } from '../schemas/user.schema';
import { escapeRegexText } from './regex-text';

/** Typed filters of the admin customer list. */
export interface CustomerListFilter {
  /** Free text matched (as a literal, case-insensitive) against username and e-mail. */
  q?: string;
  /** true: only users with at least one order; false: only users without any. */
  hasOrders?: boolean;
  /** true: only users whose e-mail is an active newsletter subscriber; false: only the others. */
  newsletter?: boolean;
  /** admin, distributor, or customer (neither admin nor distributor). */
  role?: 'admin' | 'distributor' | 'customer';
  ids?: Types.ObjectId[];
}

/** The figures a customer list can be sorted by, computed from the orders rather than stored on the user. */
export const CUSTOMER_FIGURE_SORTS = ['ordersCount', 'totalSpent', 'lastOrderAt'] as const;
export type CustomerFigureSort = (typeof CUSTOMER_FIGURE_SORTS)[number];

export interface CustomerListOptions {
  skip: number;
  limit: number;
  sort: { field: 'createdAt' | 'username' | 'email' | '_id' | CustomerFigureSort; order: 1 | -1 };
}

const isFigureSort = (field: string): field is CustomerFigureSort => (CUSTOMER_FIGURE_SORTS as readonly string[]).includes(field);

/** The user fields a customer view reads (never the password hash or favourites). */
export interface CustomerUser {
  _id: Types.ObjectId;
  username: string;
  email: string;
  isAdmin: boolean;
  isDistributor: boolean;
  photoURL?: string;
  storeName?: string;
  createdAt: Date;
}

/** A customer's order figures and newsletter flag. */
export interface CustomerFigures {
  ordersCount: number;
  /** Sum of the totals of the paid orders (paidAt set, neither cancelled nor refunded since), in cents. */
  totalSpentCents: number;
  lastOrderAt: Date | null;
  newsletter: boolean;
}

export interface CustomerRow {
  user: CustomerUser;
  figures: CustomerFigures;
}

export interface CustomerOrderSummary {
  _id: Types.ObjectId;
  status: OrderStatus;
  totalCents: number;
  itemsCount: number;
  paymentMethod: string;
  paidAt: Date | null;
  paymentState: PaymentState;
  fulfilmentState: FulfilmentState;
  createdAt: Date;
}

export interface CustomerAddress {
  address: ShippingAddress;
  /** How many orders were shipped to it. */
  ordersCount: number;
  lastUsedAt: Date;
}

export interface CustomerReview {
  _id: Types.ObjectId;
  product: Types.ObjectId;
  productName: string;
  rating: number;
  comment: string;
  createdAt: Date;
}

export interface CustomerDetail extends CustomerRow {
  orders: CustomerOrderSummary[];
  addresses: CustomerAddress[];
  reviews: CustomerReview[];
}

/** At most this many orders and reviews are listed on a customer's page (newest first). */
export const CUSTOMER_DETAIL_LIMIT = 200;

const USER_FIELDS = { username: 1, email: 1, isAdmin: 1, isDistributor: 1, photoURL: 1, storeName: 1, createdAt: 1 } as const;

/**
 * An order counts as spent when its money came in and was not all refunded (nor cancelled: older orders cancelled after
 * payment recorded no refund); it counts what was kept, as GET /api/orders/stats.
 */
const PAID = { paymentState: { $in: ['paid', 'partially_refunded'] }, state: { $ne: 'cancelled' } } as const;

function addressKey(a: ShippingAddress): string {
  return [a.fullName, a.address, a.city, a.postalCode, a.country, a.phone]
    .map((v) =>
      String(v ?? '')
        .trim()
        .toLowerCase(),
    )
    .join('\u0000');
}

/**
 * Customers for the admin console: users with their order figures (count, paid total, last order), newsletter
 * flag, orders, shipping addresses and the reviews they wrote. Read-only; every figure is computed here.
 */
@Injectable()
export class CustomersRepository {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(NewsletterSubscriber.name) private readonly subscribers: Model<NewsletterSubscriber>,
    @InjectModel(Product.name) private readonly products: Model<Product>,
  ) {}

  private async listQuery(filter: CustomerListFilter): Promise<QueryFilter<User>> {
    const and: QueryFilter<User>[] = [];
    if (filter.q) {
      const pattern = new RegExp(escapeRegexText(filter.q), 'i');
      and.push({ $or: [{ username: pattern }, { email: pattern }] });
    }
    if (filter.role === 'admin') and.push({ isAdmin: true });
    if (filter.role === 'distributor') and.push({ isDistributor: true });
    if (filter.role === 'customer') and.push({ isAdmin: { $ne: true }, isDistributor: { $ne: true } });
    if (filter.ids) and.push({ _id: { $in: filter.ids } });
    if (filter.hasOrders !== undefined) {
      const buyers = await this.orders.distinct('user', { user: { $ne: null } }).exec();
      and.push({ _id: filter.hasOrders ? { $in: buyers } : { $nin: buyers } });
    }
    if (filter.newsletter !== undefined) {
      const emails = await this.subscribers.distinct('email', { active: true }).exec();
      and.push({ email: filter.newsletter ? { $in: emails } : { $nin: emails } });
    }
    return and.length === 0 ? {} : and.length === 1 ? and[0] : { $and: and };
  }

  /** One page of customers with their figures, and the total matching the filter. */
  async list(filter: CustomerListFilter, options: CustomerListOptions): Promise<{ items: CustomerRow[]; total: number }> {
    const query = await this.listQuery(filter);
    const field = options.sort.field;
    if (isFigureSort(field)) return this.listByFigure(query, { ...options, sort: { field, order: options.sort.order } });
    const sort: Record<string, SortOrder> = { [options.sort.field]: options.sort.order };
    if (options.sort.field !== '_id') sort._id = options.sort.order;
    const [users, total] = await Promise.all([
      this.users.find(query).select(USER_FIELDS).sort(sort).skip(options.skip).limit(options.limit).lean<CustomerUser[]>().exec(),
      this.users.countDocuments(query).exec(),
    ]);
    const figures = await this.figuresOf(users);
    return { items: users.map((user) => ({ user, figures: figures.get(user._id.toString()) ?? emptyFigures() })), total };
  }

  /**
   * A page sorted by an order figure: the figure of every matching user, from one pass over the orders, sorted
   * here (ties by id, users without orders as 0 or, for the last order, before the oldest), then the page's users
   * read. Costs a read of every order's user, total and date: fine for a console list, not for a storefront.
   */
  private async listByFigure(
    query: QueryFilter<User>,
    options: CustomerListOptions & { sort: { field: CustomerFigureSort } },
  ): Promise<{ items: CustomerRow[]; total: number }> {
    const [matching, { countBy, paidBy }] = await Promise.all([
      this.users.find(query).select({ _id: 1 }).lean<{ _id: Types.ObjectId }[]>().exec(),
      this.orderFigures({ $ne: null }),
    ]);
    const figure: Record<CustomerFigureSort, (id: string) => number> = {
      ordersCount: (id) => countBy.get(id)?.ordersCount ?? 0,
      totalSpent: (id) => paidBy.get(id) ?? 0,
      lastOrderAt: (id) => countBy.get(id)?.lastOrderAt.getTime() ?? Number.NEGATIVE_INFINITY,
    };
    const keyOf = figure[options.sort.field];
    const order = options.sort.order;
    const ranked = matching
      .map((u) => ({ id: u._id.toString(), key: keyOf(u._id.toString()) }))
      .sort((a, b) => (a.key === b.key ? (a.id < b.id ? -order : a.id > b.id ? order : 0) : a.key < b.key ? -order : order));
    const page = ranked.slice(options.skip, options.skip + options.limit).map((r) => r.id);
    const found = await this.users
      .find({ _id: { $in: page.map((id) => new Types.ObjectId(id)) } })
      .select(USER_FIELDS)
      .lean<CustomerUser[]>()
      .exec();
    const byId = new Map(found.map((u) => [u._id.toString(), u]));
    const users = page.map((id) => byId.get(id)).filter((u): u is CustomerUser => u !== undefined);
    const figures = await this.figuresOf(users);
    return { items: users.map((user) => ({ user, figures: figures.get(user._id.toString()) ?? emptyFigures() })), total: matching.length };
  }

  /** Each customer's orders count and last order, and paid total in cents, by user id, for the users `user` matches. */
  private async orderFigures(
    user: { $in: Types.ObjectId[] } | { $ne: null },
  ): Promise<{ countBy: Map<string, { ordersCount: number; lastOrderAt: Date }>; paidBy: Map<string, number> }> {
    const [counts, paid] = await Promise.all([
      this.orders
        .aggregate<{ _id: Types.ObjectId; ordersCount: number; lastOrderAt: Date }>([
          { $match: { user } },
          { $group: { _id: '$user', ordersCount: { $sum: 1 }, lastOrderAt: { $max: '$createdAt' } } },
        ])
        .exec(),
      this.orders
        .aggregate<{ _id: Types.ObjectId; totalCents: number }>([
          { $match: { user, ...PAID } },
          { $group: { _id: '$user', totalCents: { $sum: { $subtract: ['$paidCents', { $ifNull: ['$refundedCents', 0] }] } } } },
        ])
        .exec(),
    ]);
    return { countBy: new Map(counts.map((c) => [c._id.toString(), c])), paidBy: new Map(paid.map((p) => [p._id.toString(), p.totalCents])) };
  }

  /** The order figures and newsletter flag of each user, by id. */
  private async figuresOf(users: CustomerUser[]): Promise<Map<string, CustomerFigures>> {
    const ids = users.map((u) => u._id);
    const emails = users.map((u) => u.email.toLowerCase());
    if (ids.length === 0) return new Map();
    const [{ countBy, paidBy }, subscribed] = await Promise.all([
      this.orderFigures({ $in: ids }),
      this.subscribers
        .find({ email: { $in: emails }, active: true })
        .select({ email: 1 })
        .lean<{ email: string }[]>()
        .exec(),
    ]);
    const subscribers = new Set(subscribed.map((s) => s.email));
    return new Map(
      users.map((u) => {
        const id = u._id.toString();
        const c = countBy.get(id);
        return [
          id,
          {
            ordersCount: c?.ordersCount ?? 0,
            totalSpentCents: paidBy.get(id) ?? 0,
            lastOrderAt: c?.lastOrderAt ?? null,
            newsletter: subscribers.has(u.email.toLowerCase()),
          },
        ];
      }),
    );
  }

  /** One customer with figures, orders (newest first), the distinct shipping addresses of their orders and their reviews; null when no such user. */
  async findOne(id: Types.ObjectId): Promise<CustomerDetail | null> {
    const user = await this.users.findById(id).select(USER_FIELDS).lean<CustomerUser>().exec();
    if (!user) return null;
    const [figures, orders, products] = await Promise.all([
      this.figuresOf([user]),
      this.orders
        .find({ user: id })
        .select({
          status: 1,
          totalCents: 1,
          items: 1,
          paymentMethod: 1,
          paidAt: 1,
          refundedAt: 1,
          paymentState: 1,
          fulfilmentState: 1,
          createdAt: 1,
          shippingAddress: 1,
        })
        .sort({ createdAt: -1, _id: -1 })
        .lean<
          Pick<
            Order,
            | '_id'
            | 'status'
            | 'totalCents'
            | 'items'
            | 'paymentMethod'
            | 'paidAt'
            | 'refundedAt'
            | 'paymentState'
            | 'fulfilmentState'
            | 'createdAt'
            | 'shippingAddress'
          >[]
        >()
        .exec(),
      this.products.find({ 'reviews.user': id }).select({ name: 1, reviews: 1 }).lean<Pick<Product, '_id' | 'name' | 'reviews'>[]>().exec(),
    ]);

    const addresses = new Map<string, CustomerAddress>();
    for (const o of orders) {
      if (!o.shippingAddress) continue;
      const key = addressKey(o.shippingAddress);
      const known = addresses.get(key);
      if (known) known.ordersCount += 1;
      else {
        const a = o.shippingAddress;
        addresses.set(key, {
          address: { fullName: a.fullName, address: a.address, city: a.city, postalCode: a.postalCode, country: a.country, phone: a.phone },
          ordersCount: 1,
          lastUsedAt: o.createdAt,
        });
      }
    }

    const reviews: CustomerReview[] = products
      .flatMap((p) =>
        (p.reviews ?? [])
          .filter((r) => r.user?.toString() === id.toString())
          .map((r) => ({ _id: r._id, product: p._id, productName: p.name, rating: r.rating, comment: r.comment, createdAt: r.createdAt })),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, CUSTOMER_DETAIL_LIMIT);

    return {
      user,
      figures: figures.get(id.toString()) ?? emptyFigures(),
      orders: orders.slice(0, CUSTOMER_DETAIL_LIMIT).map((o) => ({
        _id: o._id,
        status: o.status,
        totalCents: o.totalCents,
        itemsCount: (o.items ?? []).reduce((n, i) => n + i.quantity, 0),
        paymentMethod: o.paymentMethod,
        paidAt: o.paidAt ?? null,
        // Orders written before the three machines get theirs at the next start; until then, from the timestamps.
        paymentState: o.paymentState ?? (o.refundedAt ? 'refunded' : o.paidAt ? 'paid' : 'unpaid'),
        fulfilmentState: o.fulfilmentState ?? (o.status === 'delivered' ? 'delivered' : o.status === 'shipped' ? 'shipped' : 'unfulfilled'),
        createdAt: o.createdAt,
      })),
      addresses: [...addresses.values()],
      reviews,
    };
  }
}

function emptyFigures(): CustomerFigures {
  return { ordersCount: 0, totalSpentCents: 0, lastOrderAt: null, newsletter: false };
}
