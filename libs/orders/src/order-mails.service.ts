import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { OrdersRepository, UsersRepository, type OrderDocument, type OrderMail } from '@shop/database';
import { JobsService, type OrderMailView } from '@shop/jobs';
import { orderMailView, orderNotice, owedMailsOf, type OwedMail } from './order-mail-view';

/** How old an order that still owes a mail must be before the sweep queues it. */
const OWED_AFTER_MS = 30_000;
const SWEEP_BATCH = 100;

interface Customer {
  email: string;
  username: string;
}

/**
 * The mails of orders, never lost: the order write records the mail it owes (`pendingMails`), this service queues
 * it and then clears the record. When queueing fails (Redis away) or the process dies in between, the sweep queues
 * what is still owed: the worker runs it as the `sweep.order-mails` job, once per SWEEP_EVERY_MS (30 s by default)
 * across all replicas.
 *
 * A customer notice is the job 'mail.order-notice' (id: the order and the kind, and the refund for a refund), the
 * owner's new-order e-mail 'mail.order-alert' (id: the order), so a mail queued twice within BullMQ's retention is
 * sent once. Both carry the order as its mails show it (orderMailView), built when the mail is queued.
 */
@Injectable()
export class OrderMailsService {
  private readonly logger = new Logger(OrderMailsService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly users: UsersRepository,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Queues the mail and clears it from the order. Never throws: a write that already succeeded must not fail. */
  async send(order: OrderDocument, mail: OrderMail, customer?: Customer): Promise<boolean> {
    try {
      await this.queue(order, mail, customer);
      return true;
    } catch (error) {
      this.logger.warn(`mail ${mail} of order ${order.id} not queued yet (${(error as Error).message}); the sweep will retry`);
      return false;
    }
  }

  /** Queues every mail owed by orders last changed more than 30 s ago. Returns how many owed mails were queued. */
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

  private async queue(order: OrderDocument, mail: OrderMail, known?: Customer): Promise<void> {
    const owed = owedMailsOf(mail);
    if (owed.length === 0) this.logger.warn(`order ${order.id} owed an unknown mail "${mail}"; dropped`);
    let customer: Customer | null | undefined = known;
    const customerOf = async () => (customer === undefined ? (customer = order.user ? await this.users.findById(order.user) : null) : customer);
    const view = orderMailView(order);
    for (const one of owed) {
      if (one.to === 'owner') await this.alertOwner(view, await customerOf());
      else await this.notifyCustomer(order, view, one, await customerOf());
    }
    await this.orders.mailQueued(order._id, mail);
  }

  private async notifyCustomer(
    order: OrderDocument,
    view: OrderMailView,
    owed: Extract<OwedMail, { to: 'customer' }>,
    customer: Customer | null,
  ): Promise<void> {
    // An order whose customer deleted the account owes nobody a mail.
    if (!customer) return;
    const notice = orderNotice(order, owed);
    if (!notice) {
      this.logger.warn(
        `order ${order.id} owed a ${owed.kind} mail with nothing to announce (${owed.kind === 'refunded' ? `refund ${owed.refundId} missing or failed` : 'no facts'}); dropped`,
      );
      return;
    }
    const key = owed.kind === 'refunded' ? `${view.orderId}.refunded.${owed.refundId}` : `${view.orderId}.${owed.kind}`;
    await this.jobs.enqueue('mail.order-notice', { to: customer.email, username: customer.username, notice, order: view }, key);
  }

  /** The new-order e-mail, to ORDER_ALERT_EMAIL or else the first admin; a shop with neither has nobody to tell. */
  private async alertOwner(view: OrderMailView, customer: Customer | null): Promise<void> {
    const to = this.config.orderAlertEmail ?? (await this.users.firstAdmin())?.email;
    if (!to) {
      this.logger.warn(`no ORDER_ALERT_EMAIL and no admin account: nobody told of order ${view.orderId}`);
      return;
    }
    await this.jobs.enqueue(
      'mail.order-alert',
      { to, customer: customer ? { username: customer.username, email: customer.email } : null, order: view },
      view.orderId,
    );
  }
}
