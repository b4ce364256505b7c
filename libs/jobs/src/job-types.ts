/**
 * Every background job the shop runs: its queue, its name and its payload. Payloads carry ids and the
 * few values a template needs, never whole records. Adding a job here without a handler fails a test.
 */
export const QUEUES = ['mail', 'media', 'maintenance', 'payments'] as const;
export type QueueName = (typeof QUEUES)[number];

/** Values shared by every mail: who receives it. */
interface MailBase {
  to: string;
}

/**
 * A line of an order as its mails show it: the order's own snapshot (name, chosen size and colour, and the picture
 * of that colour), so the mail shows what was bought even when the catalogue changes later.
 */
export interface OrderMailItem {
  name: string;
  quantity: number;
  size?: string;
  colour?: string;
  /** /api/images/<id> or an http(s) URL, as the order stores it. */
  image: string;
}

/** A line of an order in its receipts: the snapshot above, with its price. Money in integer cents. */
export interface OrderMailLine extends OrderMailItem {
  unitPriceCents: number;
  /** unitPriceCents × quantity. */
  lineTotalCents: number;
}

/** The payment of an order as its mails word it (the values of the order's payment machine). */
export type OrderMailPaymentState = 'unpaid' | 'authorized' | 'paid' | 'partially_refunded' | 'refunded' | 'failed';

/**
 * An order as every one of its mails shows it, built from the order document when the mail is queued
 * (OrderMailsService in libs/orders), so a mail shows the order as it was when it was owed. Links are not in it:
 * the templates build them from PUBLIC_URL and orderId (`/order/<id>` for the customer, the console's page for
 * the owner).
 */
export interface OrderMailView {
  orderId: string;
  /** The number the site shows (orderNumberOf), without the '#'. */
  orderNumber: string;
  /** ISO date of the order. */
  placedAt: string;
  items: OrderMailLine[];
  subtotalCents: number;
  discountCents: number;
  couponCode?: string;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  shippingAddress: { fullName: string; address: string; city: string; postalCode: string; country: string; phone: string };
  payment: {
    /** As stored: 'cod', 'card' (or an older value). */
    method: string;
    /** "Cash on delivery", "Card". */
    label: string;
    state: OrderMailPaymentState;
  };
}

/** The returned units of one line (a `returned` notice). */
export interface OrderMailReturnedLine extends OrderMailLine {
  /** How many of the line's units came back (quantity stays the line's ordered quantity). */
  returnedQuantity: number;
}

/** What a customer notice announces, with the facts only that notice shows. */
export type OrderNotice =
  | { kind: 'placed' }
  | { kind: 'paid'; amountCents: number }
  /** trackingUrl only for a carrier the shop knows (libs/orders carrier-tracking.ts). */
  | { kind: 'shipped'; carrier?: string; trackingNumber?: string; trackingUrl?: string }
  | { kind: 'delivered' }
  | { kind: 'cancelled'; reason?: string }
  /** refundedCents: everything refunded up to and including this refund; full: that is all that was paid. */
  | { kind: 'refunded'; refundId: string; amountCents: number; reason: string; refundedCents: number; paidCents: number; full: boolean }
  | { kind: 'returned'; lines: OrderMailReturnedLine[] };
export type OrderNoticeKind = OrderNotice['kind'];

export interface JobPayloads {
  'mail.welcome': MailBase & { username: string };
  'mail.password-reset': MailBase & { username: string; token: string };
  'mail.account-deletion': MailBase & { username: string; token: string };
  'mail.newsletter-welcome': MailBase & { unsubscribeToken: string };
  'mail.contact-received': MailBase & { name: string; subject: string; message: string };
  /** A contact-form message, forwarded to one admin; the sender's address is the reply target. */
  'mail.contact-admin': MailBase & { messageId: string; name: string; email: string; subject: string; message: string };
  /** An admin's reply to a contact message, to its sender, quoting the message. */
  'mail.contact-reply': MailBase & { messageId: string; replyId: string; name: string; subject: string; reply: string; original: string };
  /**
   * Legacy: the bare order mails queued before the receipts ('mail.order-notice' replaced them). Nothing queues them
   * any more; they stay, with their templates, so that jobs already waiting in Redis are still sent.
   * orderNumber: the number people see (orderNumberOf); absent in jobs queued before it existed, as are items.
   */
  'mail.order-confirmation': MailBase & { username: string; orderId: string; orderNumber?: string; items?: OrderMailItem[] };
  /** Legacy, see 'mail.order-confirmation'. */
  'mail.order-status': MailBase & { username: string; orderId: string; orderNumber?: string; status: string; items?: OrderMailItem[] };
  /** A receipt or notice to the customer of an order: placed, paid, shipped, delivered, cancelled, refunded, returned. */
  'mail.order-notice': MailBase & { username: string; notice: OrderNotice; order: OrderMailView };
  /** The owner's new-order e-mail (to ORDER_ALERT_EMAIL, else the first admin); customer null once the account is deleted. */
  'mail.order-alert': MailBase & { customer: { username: string; email: string } | null; order: OrderMailView };
  'mail.product-moderated': MailBase & { username: string; productId: string; productName: string; approved: boolean; note?: string };
  'media.thumbnails': { fileId: string };
  /**
   * Fills an empty database with the demo catalogue, drawing its pictures (SeedService in libs/seed). Queued by the API
   * at boot while SEED_DEMO is on, keyed by the seed's task, so it runs once; a run that stops early fails and is tried again.
   */
  'media.demo-catalog': NoPayload;
  /** Resolves stock holds left by an order placement that died (StockHoldsService.sweep). */
  'sweep.stock-holds': NoPayload;
  /** Finishes restocks of cancelled orders left unfinished (OrderRestockService.sweep). */
  'sweep.order-restock': NoPayload;
  /** Queues order mails whose first queueing failed (OrderMailsService.sweep). */
  'sweep.order-mails': NoPayload;
  /** Deletes audit entries older than AUDIT_RETENTION_DAYS (AuditRetentionService.sweep). */
  'sweep.audit-log': NoPayload;
  /** A verified Stripe webhook event (recorded under its id): read the intent's state from Stripe and apply it to its order. */
  'payment.stripe-event': { eventId: string; intentId: string };
  /** Resolves card payment attempts left open 15 minutes and cancels orders whose payment hold ran out (PaymentReconciler). */
  'sweep.payments': NoPayload;
  /** Copies stock moves a crash left on products to the stock ledger, and opens the ledger of products stored before it (StockLedgerRepository). */
  'sweep.stock-ledger': NoPayload;
}

/** The payload of a job that needs no input (a scheduled sweep): always `{}`. */
export type NoPayload = Record<string, never>;

export type JobName = keyof JobPayloads;
export type MailJobName = Extract<JobName, `mail.${string}`>;
export type MediaJobName = Extract<JobName, `media.${string}`>;
export type MaintenanceJobName = Extract<JobName, `sweep.${string}`>;
export type PaymentJobName = Extract<JobName, `payment.${string}`>;

/** Which queue carries each job. Typed as a total record, so a new job name must be placed here. */
export const JOB_QUEUE: { readonly [N in JobName]: QueueName } = {
  'mail.welcome': 'mail',
  'mail.password-reset': 'mail',
  'mail.account-deletion': 'mail',
  'mail.newsletter-welcome': 'mail',
  'mail.contact-received': 'mail',
  'mail.contact-admin': 'mail',
  'mail.contact-reply': 'mail',
  'mail.order-confirmation': 'mail',
  'mail.order-status': 'mail',
  'mail.order-notice': 'mail',
  'mail.order-alert': 'mail',
  'mail.product-moderated': 'mail',
  'media.thumbnails': 'media',
  'media.demo-catalog': 'media',
  'sweep.stock-holds': 'maintenance',
  'sweep.order-restock': 'maintenance',
  'sweep.order-mails': 'maintenance',
  'sweep.audit-log': 'maintenance',
  'sweep.stock-ledger': 'maintenance',
  'sweep.payments': 'maintenance',
  'payment.stripe-event': 'payments',
};

export const JOB_NAMES = Object.keys(JOB_QUEUE) as JobName[];

/** A handler table for one queue: one function per job name that queue carries. */
export type JobHandlers<N extends JobName> = { [K in N]: (payload: JobPayloads[K], jobId: string) => Promise<void> };

/**
 * The jobs run on a schedule rather than queued by a write: the crash-safety sweeps and the audit log's retention. Each is a BullMQ job
 * scheduler whose id is the job name, so registering it again (every worker replica does, at boot) updates
 * the one scheduler instead of adding a second, and each interval yields one job across all replicas.
 */
export const SCHEDULED_JOBS = [
  'sweep.stock-holds',
  'sweep.order-restock',
  'sweep.order-mails',
  'sweep.audit-log',
  'sweep.stock-ledger',
  'sweep.payments',
] as const satisfies readonly MaintenanceJobName[];
export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number];

/**
 * A scheduled run: 3 attempts with backoff from 1 s (the next interval brings a fresh run anyway); the last
 * thousand runs and a week of failures are kept for inspection, so a sweep failing every 30 s cannot fill Redis.
 */
export const SCHEDULED_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
} as const;

/** Retries: 5 attempts with exponential backoff from 2 s; failed jobs are kept for inspection. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: false,
} as const;
