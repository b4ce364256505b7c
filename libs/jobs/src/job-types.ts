/**
 * Every background job the shop runs: its queue, its name and its payload. Payloads carry ids and the
 * few values a template needs, never whole records. Adding a job here without a handler fails a test.
 */
export const QUEUES = ['mail', 'media'] as const;
export type QueueName = (typeof QUEUES)[number];

/** Values shared by every mail: who receives it. */
interface MailBase {
  to: string;
}

export interface JobPayloads {
  'mail.welcome': MailBase & { username: string };
  'mail.password-reset': MailBase & { username: string; token: string };
  'mail.account-deletion': MailBase & { username: string; token: string };
  'mail.newsletter-welcome': MailBase & { unsubscribeToken: string };
  'mail.contact-received': MailBase & { name: string; subject: string; message: string };
  /** A contact-form message, forwarded to one admin; the sender's address is the reply target. */
  'mail.contact-admin': MailBase & { messageId: string; name: string; email: string; subject: string; message: string };
  'mail.order-confirmation': MailBase & { username: string; orderId: string };
  'mail.order-status': MailBase & { username: string; orderId: string; status: string };
  'mail.product-moderated': MailBase & { username: string; productId: string; productName: string; approved: boolean; note?: string };
  'media.thumbnails': { fileId: string };
}

export type JobName = keyof JobPayloads;
export type MailJobName = Extract<JobName, `mail.${string}`>;
export type MediaJobName = Extract<JobName, `media.${string}`>;

/** Which queue carries each job. Typed as a total record, so a new job name must be placed here. */
export const JOB_QUEUE: { readonly [N in JobName]: QueueName } = {
  'mail.welcome': 'mail',
  'mail.password-reset': 'mail',
  'mail.account-deletion': 'mail',
  'mail.newsletter-welcome': 'mail',
  'mail.contact-received': 'mail',
  'mail.contact-admin': 'mail',
  'mail.order-confirmation': 'mail',
  'mail.order-status': 'mail',
  'mail.product-moderated': 'mail',
  'media.thumbnails': 'media',
};

export const JOB_NAMES = Object.keys(JOB_QUEUE) as JobName[];

/** A handler table for one queue: one function per job name that queue carries. */
export type JobHandlers<N extends JobName> = { [K in N]: (payload: JobPayloads[K], jobId: string) => Promise<void> };

/** Retries: 5 attempts with exponential backoff from 2 s; failed jobs are kept for inspection. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: false,
} as const;
