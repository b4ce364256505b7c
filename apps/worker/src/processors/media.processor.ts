import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { JobHandlers, MediaJobName, QueueName } from '@shop/jobs';
import { ThumbnailService } from '@shop/media';
import { SeedService } from '@shop/seed';
import { routeJob } from './job-router';

const QUEUE = 'media' satisfies QueueName;

/** Image work: WebP thumbnails of each upload, and the demo catalogue (its pictures are drawn here). */
@Processor(QUEUE, { concurrency: 1 })
export class MediaProcessor extends WorkerHost {
  /** The queue this processor consumes (the one given to @Processor). */
  static readonly queue: QueueName = QUEUE;
  private readonly logger = new Logger(MediaProcessor.name);
  readonly handlers: JobHandlers<MediaJobName>;

  constructor(
    private readonly thumbnails: ThumbnailService,
    private readonly seed: SeedService,
  ) {
    super();
    this.handlers = {
      'media.thumbnails': async ({ fileId }) => {
        await this.thumbnails.generate(fileId);
      },
      'media.demo-catalog': async () => {
        await this.seed.runJob();
      },
    };
  }

  process(job: Job): Promise<void> {
    return routeJob(this.handlers, job, this.logger);
  }
}
