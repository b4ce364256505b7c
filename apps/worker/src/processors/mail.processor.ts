import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { JobHandlers, JobPayloads, MailJobName, QueueName } from '@shop/jobs';
import { MailService } from '@shop/mail';
import { routeJob } from './job-router';

const QUEUE = 'mail' satisfies QueueName;

/** Sends every mail job. The jobId is the message id, so a retry rewrites the same outbox file. */
@Processor(QUEUE, { concurrency: 4 })
export class MailProcessor extends WorkerHost {
  /** The queue this processor consumes (the one given to @Processor). */
  static readonly queue: QueueName = QUEUE;
  private readonly logger = new Logger(MailProcessor.name);
  readonly handlers: JobHandlers<MailJobName>;

  constructor(private readonly mail: MailService) {
    super();
    const send =
      <N extends MailJobName>(name: N) =>
      (payload: JobPayloads[N], jobId: string) =>
        this.mail.send(name, payload, jobId);
    this.handlers = {
      'mail.welcome': send('mail.welcome'),
      'mail.password-reset': send('mail.password-reset'),
      'mail.account-deletion': send('mail.account-deletion'),
      'mail.newsletter-welcome': send('mail.newsletter-welcome'),
      'mail.contact-received': send('mail.contact-received'),
      'mail.contact-admin': send('mail.contact-admin'),
      'mail.contact-reply': send('mail.contact-reply'),
      // Legacy: jobs queued before 'mail.order-notice' replaced them, still sent.
      'mail.order-confirmation': send('mail.order-confirmation'),
      'mail.order-status': send('mail.order-status'),
      'mail.order-notice': send('mail.order-notice'),
      'mail.order-alert': send('mail.order-alert'),
      'mail.product-moderated': send('mail.product-moderated'),
    };
  }

  process(job: Job): Promise<void> {
    return routeJob(this.handlers, job, this.logger);
  }
}
