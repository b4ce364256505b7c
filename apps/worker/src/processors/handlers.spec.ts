import type { StockLedgerRepository } from '@shop/database';
import { BullModule } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import { JOB_NAMES, JOB_QUEUE, QUEUES, SCHEDULED_JOBS } from '@shop/jobs';
import type { MailService } from '@shop/mail';
import type { ThumbnailService } from '@shop/media';
import { OrderMailsService, OrderRestockService, StockHoldsService } from '@shop/orders';
import type { PaymentAttemptsService, PaymentReconciler } from '@shop/payments';
import type { SeedService } from '@shop/seed';
import { clearRedisPrefix } from '../../../../test/support/redis-keys';
import { AuditRetentionService } from '../audit-retention.service';
import { PROCESSORS } from '../worker.module';
import { MailProcessor } from './mail.processor';
import { MaintenanceProcessor } from './maintenance.processor';
import { MediaProcessor } from './media.processor';
import { PaymentsProcessor } from './payments.processor';

// The processors only keep references to their services when built; nothing here sends, stores or sweeps.
const instances = [
  new MailProcessor({} as MailService),
  new MediaProcessor({} as ThumbnailService, {} as SeedService),
  new MaintenanceProcessor(
    {} as StockHoldsService,
    {} as OrderRestockService,
    {} as OrderMailsService,
    {} as AuditRetentionService,
    {} as StockLedgerRepository,
    {} as PaymentReconciler,
  ),
  new PaymentsProcessor({} as PaymentAttemptsService),
];
const queueOf = (processor: object) => (processor.constructor as typeof MailProcessor).queue;

describe('job handlers', () => {
  it('registers every processor class in the worker, one per queue', () => {
    expect(PROCESSORS).toEqual(instances.map((p) => p.constructor));
    expect(instances.map(queueOf).sort()).toEqual([...QUEUES].sort());
  });

  it.each(JOB_NAMES)('%s has exactly one handler, on the queue that carries it', (name) => {
    const owners = instances.filter((p) => Object.prototype.hasOwnProperty.call(p.handlers, name));
    expect(owners).toHaveLength(1);
    expect(queueOf(owners[0])).toBe(JOB_QUEUE[name]);
  });

  it('has no handler for a job name that does not exist', () => {
    const known = new Set<string>(JOB_NAMES);
    for (const p of instances) for (const name of Object.keys(p.handlers)) expect(known.has(name)).toBe(true);
  });

  it('runs the sweeps (stock holds, restocks, order mails, stock ledger, card payments) and the audit retention as scheduled jobs of the maintenance queue', () => {
    expect([...SCHEDULED_JOBS].sort()).toEqual([
      'sweep.audit-log',
      'sweep.order-mails',
      'sweep.order-restock',
      'sweep.payments',
      'sweep.stock-holds',
      'sweep.stock-ledger',
    ]);
    for (const name of SCHEDULED_JOBS) expect(JOB_QUEUE[name]).toBe('maintenance');
  });

  it('each handler of the maintenance queue runs its sweep', async () => {
    const ran: string[] = [];
    const sweep = (what: string) => ({ sweep: async () => void ran.push(what) });
    const processor = new MaintenanceProcessor(
      sweep('holds') as unknown as StockHoldsService,
      sweep('restock') as unknown as OrderRestockService,
      sweep('mails') as unknown as OrderMailsService,
      sweep('audit') as unknown as AuditRetentionService,
      { openMissing: async () => void ran.push('ledger-open'), sweep: async () => void ran.push('ledger') } as unknown as StockLedgerRepository,
      sweep('payments') as unknown as PaymentReconciler,
    );
    await processor.handlers['sweep.stock-holds']({}, '1');
    await processor.handlers['sweep.order-restock']({}, '2');
    await processor.handlers['sweep.order-mails']({}, '3');
    await processor.handlers['sweep.audit-log']({}, '4');
    await processor.handlers['sweep.stock-ledger']({}, '5');
    await processor.handlers['sweep.payments']({}, '6');
    expect(ran).toEqual(['holds', 'restock', 'mails', 'audit', 'ledger-open', 'ledger', 'payments']);
  });

  // Public API only: @nestjs/bullmq starts a BullMQ Worker for each @Processor class, and WorkerHost.worker
  // is that Worker, whose name is the queue the decorator was given. Real Redis, a prefix of its own.
  it('each processor consumes the queue its static `queue` names', async () => {
    const prefix = `test-handlers-${randomBytes(4).toString('hex')}`;
    const moduleRef = await Test.createTestingModule({
      imports: [
        BullModule.forRoot({
          connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', maxRetriesPerRequest: null },
          prefix: `${prefix}:bull`,
        }),
        BullModule.registerQueue(...QUEUES.map((name) => ({ name }))),
      ],
      providers: PROCESSORS.map((processor, i) => ({ provide: processor, useValue: instances[i] })),
    }).compile();
    try {
      await moduleRef.init();
      for (const processor of PROCESSORS) expect(moduleRef.get(processor).worker.name).toBe(processor.queue);
    } finally {
      await moduleRef.close();
      await clearRedisPrefix(prefix);
    }
  });
});
