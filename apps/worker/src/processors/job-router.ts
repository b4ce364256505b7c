import { Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import type { JobHandlers, JobName } from '@shop/jobs';

/**
 * Runs the handler a queue's table names for a job. A job name with no handler fails without retry
 * (retrying cannot help), so it lands in the failed list for someone to look at.
 */
export async function routeJob<N extends JobName>(handlers: JobHandlers<N>, job: Job, logger: Logger): Promise<void> {
  const handler = (handlers as Record<string, ((payload: unknown, jobId: string) => Promise<void>) | undefined>)[job.name];
  if (!handler) {
    throw new UnrecoverableError(`No handler for job ${job.name}`);
  }
  const started = Date.now();
  await handler(job.data, String(job.id));
  logger.debug(`${job.name} ${job.id} done in ${Date.now() - started} ms (attempt ${job.attemptsMade + 1})`);
}
