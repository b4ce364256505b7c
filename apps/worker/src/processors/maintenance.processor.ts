import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { JobHandlers, MaintenanceJobName, QueueName } from '@shop/jobs';
import { StockLedgerRepository } from '@shop/database';
import { OrderMailsService, OrderRestockService, StockHoldsService } from '@shop/orders';
import { PaymentReconciler } from '@shop/payments';
import { AuditRetentionService } from '../audit-retention.service';
import { routeJob } from './job-router';

const QUEUE = 'maintenance' satisfies QueueName;
/** How old a stock move left on a product must be before the sweep copies it to the ledger. */
const STOCK_MOVE_GRACE_MS = 10_000;

/**
 * The crash-safety sweeps and the audit log's retention, queued by their job schedulers (SweepSchedules) once per SWEEP_EVERY_MS across
 * all worker replicas. One at a time per worker: a sweep is a short batch, and the services claim what they
 * repair, so a sweep that overlaps another replica's next one never repairs anything twice.
 */
@Processor(QUEUE, { concurrency: 1 })
export class MaintenanceProcessor extends WorkerHost {
  /** The queue this processor consumes (the one given to @Processor). */
  static readonly queue: QueueName = QUEUE;
  private readonly logger = new Logger(MaintenanceProcessor.name);
  readonly handlers: JobHandlers<MaintenanceJobName>;

  constructor(
    holds: StockHoldsService,
    restocks: OrderRestockService,
    mails: OrderMailsService,
    audit: AuditRetentionService,
    ledger: StockLedgerRepository,
    payments: PaymentReconciler,
  ) {
    super();
    this.handlers = {
      'sweep.stock-holds': async () => {
        await holds.sweep();
      },
      'sweep.order-restock': async () => {
        await restocks.sweep();
      },
      'sweep.order-mails': async () => {
        await mails.sweep();
      },
      'sweep.audit-log': async () => {
        await audit.sweep();
      },
      'sweep.stock-ledger': async () => {
        await ledger.openMissing();
        // Moves younger than this are still being copied by the request that pushed them.
        await ledger.sweep(new Date(Date.now() - STOCK_MOVE_GRACE_MS));
      },
      'sweep.payments': async () => {
        await payments.sweep();
      },
    };
  }

  process(job: Job): Promise<void> {
    return routeJob(this.handlers, job, this.logger);
  }
}
