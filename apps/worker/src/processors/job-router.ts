import { Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import type { JobHandlers, JobName } from '@shop/jobs';

/** The fields of a failed attempt's log line (one JSON line under pino). */
export interface FailedAttempt {
  queue: string;
  job: string;
  jobId: string;
  /** This attempt, counted from 1. */
  attempt: number;
  /** How many attempts the job has in all. */
  attempts: number;
  /** false when BullMQ will not try again: the last attempt, or an error that retrying cannot help. */
  willRetry: boolean;
  error: string;
}

/** What a failed attempt is: its numbers, and whether BullMQ will try again. */
export function describeFailedAttempt(job: Job, error: unknown): FailedAttempt {
  const attempts = Math.max(1, job.opts.attempts ?? 1);
  const attempt = job.attemptsMade + 1;
  const unrecoverable = error instanceof UnrecoverableError || (error instanceof Error && error.name === 'UnrecoverableError');
  return {
    queue: job.queueName,
    job: job.name,
    jobId: String(job.id),
    attempt,
    attempts,
    willRetry: !unrecoverable && attempt < attempts,
    error: error instanceof Error ? error.message : String(error),
  };
}

/**
 * Runs the handler a queue's table names for a job, and logs each attempt that fails: a warning while
 * BullMQ will try again, an error when the job is exhausted (it then waits in the console's Failed Jobs).
 * A job name with no handler fails without retry (retrying cannot help), so it lands in the failed list
 * for someone to look at. Every processor calls this, so no failure goes unlogged.
 */
export async function routeJob<N extends JobName>(handlers: JobHandlers<N>, job: Job, logger: Logger): Promise<void> {
  const started = Date.now();
  try {
    const handler = (handlers as Record<string, ((payload: unknown, jobId: string) => Promise<void>) | undefined>)[job.name];
    if (!handler) {
      throw new UnrecoverableError(`No handler for job ${job.name}`);
    }
    await handler(job.data, String(job.id));
  } catch (error) {
    const failed = describeFailedAttempt(job, error);
    const text = `${failed.queue} job ${failed.job} ${failed.jobId} failed (attempt ${failed.attempt}/${failed.attempts}${failed.willRetry ? ', will retry' : ', no retry left'}): ${failed.error}`;
    if (failed.willRetry) logger.warn(failed, text);
    else logger.error(failed, text);
    throw error;
  }
  logger.debug(`${job.name} ${job.id} done in ${Date.now() - started} ms (attempt ${job.attemptsMade + 1})`);
}
