import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type QueryFilter } from 'mongoose';
import { ContactMessage } from '../schemas/contact-message.schema';
import type { Paging } from './blogs.repository';
import { escapeRegexText } from './regex-text';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  user?: Types.ObjectId;
}

export interface ContactReplyRecord {
  _id: Types.ObjectId;
  message: string;
  author: Types.ObjectId;
  authorName: string;
  sentAt: Date;
}

export interface ContactMessageRecord extends NewContactMessage {
  _id: Types.ObjectId;
  handled: boolean;
  handledAt?: Date;
  handledBy?: Types.ObjectId;
  /** Absent on messages stored before replies existed. */
  replies?: ContactReplyRecord[];
  createdAt: Date;
  updatedAt: Date;
}

export interface ContactMessageListFilter {
  handled?: boolean;
  /** Matched literally (case-insensitive) in name, e-mail and subject. */
  q?: string;
  ids?: Types.ObjectId[];
}

@Injectable()
export class ContactMessagesRepository {
  constructor(@InjectModel(ContactMessage.name) private readonly model: Model<ContactMessage>) {}

  async create(message: NewContactMessage): Promise<ContactMessageRecord> {
    const created = await this.model.create(message);
    return created.toObject<ContactMessageRecord>();
  }

  findById(id: Types.ObjectId): Promise<ContactMessageRecord | null> {
    return this.model.findById(id).lean<ContactMessageRecord>().exec();
  }

  async list(filter: ContactMessageListFilter, paging: Paging): Promise<{ items: ContactMessageRecord[]; total: number }> {
    const query: QueryFilter<ContactMessage> = {};
    if (filter.handled !== undefined) query.handled = filter.handled;
    if (filter.ids !== undefined) query._id = { $in: filter.ids };
    if (filter.q) {
      const pattern = new RegExp(escapeRegexText(filter.q), 'i');
      query.$or = [{ name: pattern }, { email: pattern }, { subject: pattern }];
    }
    const sort: Record<string, 1 | -1> = { [paging.sort.field]: paging.sort.order };
    if (paging.sort.field !== '_id') sort._id = paging.sort.order;
    const [items, total] = await Promise.all([
      this.model.find(query).sort(sort).skip(paging.skip).limit(paging.limit).lean<ContactMessageRecord[]>().exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /**
   * Appends an admin's reply to the thread and marks the message handled by that admin, in one update;
   * null when the message does not exist.
   */
  addReply(id: Types.ObjectId, reply: Omit<ContactReplyRecord, '_id'>): Promise<ContactMessageRecord | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id },
        { $push: { replies: { _id: new Types.ObjectId(), ...reply } }, $set: { handled: true, handledAt: reply.sentAt, handledBy: reply.author } },
        { returnDocument: 'after' },
      )
      .lean<ContactMessageRecord>()
      .exec();
  }

  /** Marks the message handled (or not again); null when it does not exist. */
  setHandled(id: Types.ObjectId, handled: boolean, by: Types.ObjectId, at: Date): Promise<ContactMessageRecord | null> {
    const update = handled
      ? { $set: { handled: true, handledAt: at, handledBy: by } }
      : { $set: { handled: false }, $unset: { handledAt: '', handledBy: '' } };
    return this.model.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' }).lean<ContactMessageRecord>().exec();
  }
}
