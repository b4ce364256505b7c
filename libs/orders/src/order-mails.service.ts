import { Injectable, Logger } from '@nestjs/common';
import { orderNumberOf, OrdersRepository, UsersRepository, type OrderDocument, type OrderMail } from '@shop/database';
import { JobsService, type OrderMailItem } from '@shop/jobs';
import { Types } from 'mongoose';

/** How old an order that still owes a mail must be before the sweep queues it. */
const OWED_AFTER_MS = 30_000;
const SWEEP_BATCH = 100;

/** The order's lines as its mails show them: the order's snapshot, each with the picture of the colour bought. */
export function orderMailItems(order: Pick<OrderDocument, 'items'>): OrderMailItem[] {
  return order.items.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    ...(item.size ? { size: item.size } : {}),
    ...(item.colour ? { colour: item.colour } : {}),
    image: item.image,
  }));
}

/**
 * The customer mails of orders, never lost: the order write records the mail it owes (`pendingMails`), this
 * service queues it and then clears the record. When queueing fails (Redis away) or the process dies in
 * between, the sweep queues what is still owed: the worker runs it as the `sweep.order-mails` job, once per
 * SWEEP_EVERY_MS (30 s by default) across all replicas. Job ids are the order (and status), so a mail
 * queued twice within BullMQ's retention is sent once.
 */
@Injectable()
export class OrderMailsService {
  private readonly logger = new Logger(OrderMailsService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly users: UsersRepository,
    private readonly jobs: JobsService,
  ) {}

  /** Queues the mail and clears it from the order. Never throws: a write that already succeeded must not fail. */
  async send(order: OrderDocument, mail: OrderMail, customer?: { email: string; username: string }): Promise<boolean> {
    try {
      await this.queue(order, mail, customer);
      return true;
    } catch (error) {
      this.logger.warn(`mail ${mail} of order ${order.id} not queued yet (${(error as Error).message}); the sweep will retry`);
      return false;
    }
  }

  /** Queues every mail owed by orders last changed more than 30 s ago. Returns how many were queued. */
  async sweep(now = Date.now()): Promise<number> {
    const owing = await this.orders.owingMails(new Date(now - OWED_AFTER_MS), SWEEP_BATCH);
    let queued = 0;
    for (const order of owing) {
      for (const mail of (order.pendingMails ?? []) as OrderMail[]) {
        await this.queue(order, mail);
        queued += 1;
      }
    }
    if (queued > 0) this.logger.warn(`queued ${queued} order mail(s) whose first queueing had failed`);
    return queued;
  }

  private async queue(order: OrderDocument, mail: OrderMail, known?: { email: string; username: string }): Promise<void> {
    const customer = known ?? (order.user ? await this.users.findById(order.user) : null);
    // An order whose customer deleted the account owes nobody a mail.
    if (customer) {
      if (mail === 'confirmation' || mail === 'placed') await this.jobs.enqueue('mail.order-confirmation', { to: customer.email, username: customer.username, orderId: order.id, orderNumber: orderNumberOf(order._id), items: orderMailItems(order) }, order.id);
      else if (mail !== 'new-order-alert') {
        const status = mail.startsWith('status:') ? mail.slice('status:'.length) : mail.startsWith('refunded:') ? 'refunded' : mail;
        await this.jobs.enqueue('mail.order-status', { to: customer.email, username: customer.username, orderId: order.id, orderNumber: orderNumberOf(order._id), status, items: orderMailItems(order) }, `${order.id}.${status}`);
      }
    }
    await this.orders.mailQueued(order._id as Types.ObjectId, mail);
  }
}
