import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { QUEUES } from './job-types';
import { JobsService } from './jobs.service';

const queues = BullModule.registerQueue(...QUEUES.map((name) => ({ name })));

/** BullMQ on Redis (prefix REDIS_PREFIX:bull) with the shop's queues and the JobsService producer. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.redisUrl, maxRetriesPerRequest: null },
        prefix: `${config.redisPrefix}:bull`,
      }),
    }),
    queues,
  ],
  providers: [JobsService],
  exports: [queues, JobsService],
})
export class JobsModule {}
