import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { JobHandlers, PaymentJobName, QueueName } from '@shop/jobs';
import { PaymentAttemptsService } from '@shop/payments';
import { routeJob } from './job-router';

const QUEUE = 'payments' satisfies QueueName;

/**
 * Stripe's webhook events, one job per event id (queued by the API once the event is recorded): the job reads the
 * PaymentIntent's state from Stripe and applies it to its order with a compare-and-set move, so events that come
 * twice or out of order are harmless. A failed look-up (Stripe away) is retried with backoff.
 */
@Processor(QUEUE, { concurrency: 4 })
export class PaymentsProcessor extends WorkerHost {
  /** The queue this processor consumes (the one given to @Processor). */
  static readonly queue: QueueName = QUEUE;
  private readonly logger = new Logger(PaymentsProcessor.name);
  readonly handlers: JobHandlers<PaymentJobName>;

  constructor(attempts: PaymentAttemptsService) {
    super();
    this.handlers = {
      'payment.stripe-event': async ({ eventId, intentId }) => {
        await attempts.handleEvent(eventId, intentId);
      },
    };
  }

  process(job: Job): Promise<void> {
    return routeJob(this.handlers, job, this.logger);
  }
}
