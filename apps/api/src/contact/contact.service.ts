import { Injectable, Logger } from '@nestjs/common';
import { ContactMessagesRepository, UsersRepository } from '@shop/database';
import { JobsService } from '@shop/jobs';
import type { Types } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { ContactMessageDto, type CreateContactMessageDto } from './dto/contact.dto';
import type { ContactListQueryDto } from './dto/contact-list-query.dto';

export const CONTACT_LIST_SPEC: ListSpec = {
  sortable: ['createdAt', 'handled', 'email', 'subject', '_id'],
  defaultSort: { field: 'createdAt', order: -1 },
  filterable: { q: 'string', handled: 'boolean' },
  defaultPageSize: 25,
};

/** At most this many admins receive each message (the oldest admin accounts first). */
const MAX_ADMIN_RECIPIENTS = 20;

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly users: UsersRepository,
    private readonly jobs: JobsService,
  ) {}

  /** Stores the message, then queues it to every admin and an acknowledgement to the sender. */
  async receive(dto: CreateContactMessageDto, sender: AuthUser | undefined): Promise<string> {
    const stored = await this.messages.create({
      name: dto.name,
      email: dto.email,
      subject: dto.subject,
      message: dto.message,
      user: sender?.objectId,
    });
    const id = stored._id.toString();
    const { items: admins } = await this.users.list(
      { isAdmin: true },
      { skip: 0, limit: MAX_ADMIN_RECIPIENTS, sort: { field: 'createdAt', order: 1 } },
    );
    if (!admins.length) this.logger.warn(`Contact message ${id} stored, but there is no admin to forward it to`);
    for (const admin of admins) {
      await this.jobs.enqueue(
        'mail.contact-admin',
        { to: admin.email, messageId: id, name: stored.name, email: stored.email, subject: stored.subject, message: stored.message },
        `${id}.${admin._id.toString()}`,
      );
    }
    await this.jobs.enqueue('mail.contact-received', { to: stored.email, name: stored.name, subject: stored.subject, message: stored.message }, id);
    return id;
  }

  async list(query: ContactListQueryDto): Promise<{ items: ContactMessageDto[]; skip: number; total: number }> {
    const { skip, limit, sort, filter } = parseListQuery(query, CONTACT_LIST_SPEC);
    const { items, total } = await this.messages.list(
      { q: filter.q as string | undefined, handled: filter.handled as boolean | undefined, ids: filter._id as Types.ObjectId[] | undefined },
      { skip, limit, sort },
    );
    return { items: items.map((m) => ContactMessageDto.from(m)), skip, total };
  }

  async get(id: Types.ObjectId): Promise<ContactMessageDto> {
    const message = await this.messages.findById(id);
    if (!message) throw notFound('CONTACT_MESSAGE_NOT_FOUND', 'Message not found');
    return ContactMessageDto.from(message);
  }

  /**
   * Keeps an admin's reply in the message's thread (marking it handled), then queues it by mail to the sender,
   * quoting the message. The job id is the reply's, so a retried queueing never mails the same reply twice.
   */
  async reply(id: Types.ObjectId, text: string, admin: AuthUser): Promise<ContactMessageDto> {
    const message = await this.messages.addReply(id, { message: text, author: admin.objectId, authorName: admin.username, sentAt: new Date() });
    if (!message) throw notFound('CONTACT_MESSAGE_NOT_FOUND', 'Message not found');
    const reply = message.replies?.at(-1);
    if (reply) {
      const messageId = message._id.toString();
      const replyId = reply._id.toString();
      await this.jobs.enqueue(
        'mail.contact-reply',
        { to: message.email, messageId, replyId, name: message.name, subject: message.subject, reply: reply.message, original: message.message },
        `${messageId}.${replyId}`,
      );
    }
    return ContactMessageDto.from(message);
  }

  async setHandled(id: Types.ObjectId, handled: boolean, admin: AuthUser): Promise<ContactMessageDto> {
    const message = await this.messages.setHandled(id, handled, admin.objectId, new Date());
    if (!message) throw notFound('CONTACT_MESSAGE_NOT_FOUND', 'Message not found');
    return ContactMessageDto.from(message);
  }
}
