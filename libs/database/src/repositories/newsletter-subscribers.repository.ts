import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type QueryFilter } from 'mongoose';
import { NewsletterSubscriber } from '../schemas/newsletter-subscriber.schema';
import type { Paging } from './blogs.repository';
import { escapeRegexText } from './regex-text';

export interface SubscriberRecord {
  _id: Types.ObjectId;
  email: string;
  unsubscribeToken: string;
  active: boolean;
  subscribedAt: Date;
  unsubscribedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface SubscriberListFilter {
  active?: boolean;
  /** Matched literally (case-insensitive) in the e-mail address. */
  q?: string;
  ids?: Types.ObjectId[];
}

@Injectable()
export class NewsletterSubscribersRepository {
  constructor(@InjectModel(NewsletterSubscriber.name) private readonly model: Model<NewsletterSubscriber>) {}

  /** Adds the address; a duplicate-key error (code 11000) means it is already on the list. */
  async create(email: string, unsubscribeToken: string, subscribedAt: Date): Promise<SubscriberRecord> {
    const created = await this.model.create({ email, unsubscribeToken, subscribedAt, active: true });
    return created.toObject<SubscriberRecord>();
  }

  findByEmail(email: string): Promise<SubscriberRecord | null> {
    return this.model.findOne({ email: email.toLowerCase() }).lean<SubscriberRecord>().exec();
  }

  /** Subscribes an address that had unsubscribed; null when it was already active (or is gone). */
  reactivate(id: Types.ObjectId, unsubscribeToken: string, subscribedAt: Date): Promise<SubscriberRecord | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, active: false },
        { $set: { active: true, unsubscribeToken, subscribedAt }, $unset: { unsubscribedAt: '' } },
        { returnDocument: 'after' },
      )
      .lean<SubscriberRecord>()
      .exec();
  }

  /** Unsubscribes the address of this token (idempotent); null when the token is unknown. */
  async unsubscribeByToken(token: string, at: Date): Promise<SubscriberRecord | null> {
    const changed = await this.model
      .findOneAndUpdate({ unsubscribeToken: token, active: true }, { $set: { active: false, unsubscribedAt: at } }, { returnDocument: 'after' })
      .lean<SubscriberRecord>()
      .exec();
    return changed ?? this.model.findOne({ unsubscribeToken: token }).lean<SubscriberRecord>().exec();
  }

  private buildFilter(filter: SubscriberListFilter): QueryFilter<NewsletterSubscriber> {
    const query: QueryFilter<NewsletterSubscriber> = {};
    if (filter.active !== undefined) query.active = filter.active;
    if (filter.ids !== undefined) query._id = { $in: filter.ids };
    if (filter.q) query.email = new RegExp(escapeRegexText(filter.q), 'i');
    return query;
  }

  async list(filter: SubscriberListFilter, paging: Paging): Promise<{ items: SubscriberRecord[]; total: number }> {
    const query = this.buildFilter(filter);
    const sort: Record<string, 1 | -1> = { [paging.sort.field]: paging.sort.order };
    if (paging.sort.field !== '_id') sort._id = paging.sort.order;
    const [items, total] = await Promise.all([
      this.model.find(query).sort(sort).skip(paging.skip).limit(paging.limit).lean<SubscriberRecord[]>().exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** Every subscriber matching the filter, oldest first (for the CSV export). */
  listAll(filter: SubscriberListFilter): Promise<SubscriberRecord[]> {
    return this.model.find(this.buildFilter(filter)).sort({ subscribedAt: 1, _id: 1 }).lean<SubscriberRecord[]>().exec();
  }
}
