import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfigModule, type AppConfig } from '@shop/config';
import { DatabaseModule } from '@shop/database';
import { JobsModule } from '@shop/jobs';
import { MailModule } from '@shop/mail';
import { MediaModule } from '@shop/media';
import { MailProcessor } from './processors/mail.processor';
import { MediaProcessor } from './processors/media.processor';

export const PROCESSORS = [MailProcessor, MediaProcessor];

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        DatabaseModule,
        JobsModule,
        MailModule,
        MediaModule,
      ],
      providers: PROCESSORS,
    };
  }
}
