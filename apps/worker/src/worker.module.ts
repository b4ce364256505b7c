import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfigModule, type AppConfig } from '@shop/config';
import { DatabaseModule, StockDataModule, AuditDataModule } from '@shop/database';
import { JobsModule } from '@shop/jobs';
import { MailModule } from '@shop/mail';
import { MediaModule } from '@shop/media';
import { OrderRecoveryModule } from '@shop/orders';
import { CardPaymentsModule } from '@shop/payments';
import { DemoSeedModule } from '@shop/seed';
import { AuditRetentionService } from './audit-retention.service';
import { MailProcessor } from './processors/mail.processor';
import { MaintenanceProcessor } from './processors/maintenance.processor';
import { MediaProcessor } from './processors/media.processor';
import { PaymentsProcessor } from './processors/payments.processor';
import { SweepSchedules } from './sweep-schedules';

/** One processor per queue of QUEUES (handlers.spec.ts checks it). */
export const PROCESSORS = [MailProcessor, MediaProcessor, MaintenanceProcessor, PaymentsProcessor];

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        DatabaseModule,
        StockDataModule,
        AuditDataModule,
        JobsModule,
        MailModule,
        MediaModule,
        OrderRecoveryModule,
        CardPaymentsModule,
        DemoSeedModule,
      ],
      providers: [...PROCESSORS, SweepSchedules, AuditRetentionService],
    };
  }
}
