import { Injectable } from '@nestjs/common';
import { isDuplicateKeyError, NewsletterSubscribersRepository, type SubscriberListFilter, type SubscriberRecord } from '@shop/database';
import { JobsService } from '@shop/jobs';
import { randomBytes } from 'node:crypto';
import { notFound } from '../common/domain-error';
import { parseListQuery, type FilterValue, type ListSpec } from '../common/list-query';
import { SubscriberDto } from './dto/newsletter.dto';
import type { SubscriberListQueryDto, SubscribersCsvQueryDto } from './dto/subscriber-query.dto';
import { subscribersCsv } from './subscribers-csv';

export const SUBSCRIBER_LIST_SPEC: ListSpec = {
  sortable: ['subscribedAt', 'email', 'createdAt', '_id'],
  defaultSort: { field: 'subscribedAt', order: -1 },
  filterable: { q: 'string', active: 'boolean' },
  defaultPageSize: 25,
  maxPageSize: 500,
};

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export interface SubscribeResult {
  /** true when the address was added (or came back after unsubscribing) and a welcome mail was queued. */
  created: boolean;
}

@Injectable()
export class NewsletterService {
  constructor(
    private readonly subscribers: NewsletterSubscribersRepository,
    private readonly jobs: JobsService,
  ) {}

  /**
   * Adds the address and queues one welcome mail per subscription (the idempotency key is the
   * subscriber and the moment the subscription started). An active address changes nothing.
   */
  async subscribe(email: string): Promise<SubscribeResult> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    let subscriber: SubscriberRecord | null;
    try {
      subscriber = await this.subscribers.create(email, token, now);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.subscribers.findByEmail(email);
      subscriber = existing && !existing.active ? await this.subscribers.reactivate(existing._id, token, now) : null;
    }
    if (!subscriber) return { created: false };
    await this.jobs.enqueue(
      'mail.newsletter-welcome',
      { to: subscriber.email, unsubscribeToken: subscriber.unsubscribeToken },
      `${subscriber._id.toString()}.${subscriber.subscribedAt.getTime()}`,
    );
    return { created: true };
  }

  /** Unsubscribes the address of the token; repeating it is harmless. */
  async unsubscribe(token: string): Promise<void> {
    if (!(await this.tryUnsubscribe(token))) throw notFound('UNSUBSCRIBE_LINK_INVALID', 'This unsubscribe link is not valid');
  }

  /** Like unsubscribe, answering false for an unknown token (the HTML page of the mail link). */
  async tryUnsubscribe(token: string): Promise<boolean> {
    return TOKEN.test(token) && (await this.subscribers.unsubscribeByToken(token, new Date())) !== null;
  }

  async list(query: SubscriberListQueryDto): Promise<{ items: SubscriberDto[]; skip: number; total: number }> {
    const { skip, limit, sort, filter } = parseListQuery(query, SUBSCRIBER_LIST_SPEC);
    const { items, total } = await this.subscribers.list(this.typedFilter(filter), { skip, limit, sort });
    return { items: items.map((s) => SubscriberDto.from(s)), skip, total };
  }

  /** The whole list (or the filtered part of it) as CSV. */
  async csv(query: SubscribersCsvQueryDto): Promise<string> {
    const { filter } = parseListQuery({ filter: query.filter }, SUBSCRIBER_LIST_SPEC);
    return subscribersCsv(await this.subscribers.listAll(this.typedFilter(filter)));
  }

  private typedFilter(filter: Record<string, FilterValue>): SubscriberListFilter {
    return {
      q: typeof filter.q === 'string' ? filter.q : undefined,
      active: typeof filter.active === 'boolean' ? filter.active : undefined,
      ids: Array.isArray(filter._id) ? filter._id : undefined,
    };
  }
}
