import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS, JOB_QUEUE, JobName, JobPayloads, QUEUES, QueueName, SCHEDULED_JOB_OPTIONS, type ScheduledJobName } from './job-types';

export interface FailedJob {
  queue: QueueName;
  id: string;
  name: string;
  attemptsMade: number;
  failedReason: string;
  finishedOn?: number;
}

/** A job could not be queued because Redis is away; the API maps it to 503 (retry later). */
export class QueueUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueueUnavailableError';
  }
}

const QUEUE_TIMEOUT_MS = 3000;

/** The value, or undefined when it takes longer than ms (the promise itself is left to settle). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** BullMQ forbids ':' in custom ids; everything else in an idempotency key is kept. */
export function toJobId(key: string): string {
  return key.replace(/:/g, '_');
}

/** The one producer of background jobs. Queue a job only after the write it depends on succeeded. */
@Injectable()
export class JobsService {
  private readonly queues: Record<QueueName, Queue>;

  constructor(
    @InjectQueue('mail') mail: Queue,
    @InjectQueue('media') media: Queue,
    @InjectQueue('maintenance') maintenance: Queue,
    @InjectQueue('payments') payments: Queue,
  ) {
    this.queues = { mail, media, maintenance, payments };
  }

  /**
   * Queues a job. The idempotency key becomes the jobId, so queueing the same key twice runs it once
   * (as long as the first is still kept).
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], idempotencyKey: string): Promise<string> {
    const queue = this.queues[JOB_QUEUE[name]];
    const jobId = toJobId(`${name}.${idempotencyKey}`);
    // Redis away: fail at once (the API answers 503) instead of waiting in the connection's offline queue.
    const client = await withTimeout(queue.getBackend().client, QUEUE_TIMEOUT_MS);
    if (!client || (client as { status?: string }).status !== 'ready')
      throw new QueueUnavailableError(`the ${queue.name} queue is unavailable (Redis is not connected)`);
    // If Redis drops mid-call the add may still land once it is back; the jobId keeps a retry from doubling it.
    const job = await withTimeout(queue.add(name, payload, { ...DEFAULT_JOB_OPTIONS, jobId }), QUEUE_TIMEOUT_MS);
    if (!job) throw new QueueUnavailableError(`the ${queue.name} queue did not answer within ${QUEUE_TIMEOUT_MS} ms`);
    return job.id ?? jobId;
  }

  /**
   * Creates or updates the job scheduler that queues `name` every `everyMs`. Its id is the job name, so every
   * worker replica may call this at boot: there stays one scheduler, and one job per interval however many
   * replicas run (BullMQ derives each run's jobId from the scheduler and the slot's time). Returns the id of
   * the next run.
   */
  async schedule(name: ScheduledJobName, everyMs: number): Promise<string> {
    const next = await this.queues[JOB_QUEUE[name]].upsertJobScheduler(name, { every: everyMs }, { name, data: {}, opts: SCHEDULED_JOB_OPTIONS });
    return String(next.id);
  }

  /**
   * Removes the job schedulers of `queue` whose id is not in `keep` (a sweep renamed or dropped by a newer
   * release would otherwise go on queuing jobs that no handler takes). Returns the ids it removed.
   */
  async dropSchedulersExcept(queue: QueueName, keep: readonly string[]): Promise<string[]> {
    const stale = (await this.queues[queue].getJobSchedulers(0, -1)).map((s) => s.key).filter((id) => !keep.includes(id));
    for (const id of stale) await this.queues[queue].removeJobScheduler(id);
    return stale;
  }

  /** Jobs that exhausted their retries, newest first. */
  async listFailed(limit = 50): Promise<FailedJob[]> {
    const lists = await Promise.all(
      QUEUES.map(async (queue) => {
        const jobs: Job[] = await this.queues[queue].getFailed(0, limit - 1);
        return jobs.map((job) => ({
          queue,
          id: String(job.id),
          name: job.name,
          attemptsMade: job.attemptsMade,
          failedReason: job.failedReason,
          finishedOn: job.finishedOn,
        }));
      }),
    );
    return lists
      .flat()
      .sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0))
      .slice(0, limit);
  }

  /**
   * Puts a failed job back in its queue for a new round of attempts. 'missing' when the queue or job is
   * unknown (or already removed), 'not-failed' when it is waiting, running or done.
   */
  async retryFailed(queue: string, id: string): Promise<'retried' | 'missing' | 'not-failed'> {
    if (!(QUEUES as readonly string[]).includes(queue)) return 'missing';
    const job = await this.queues[queue as QueueName].getJob(id);
    if (!job) return 'missing';
    if ((await job.getState()) !== 'failed') return 'not-failed';
    await job.retry('failed', { resetAttemptsMade: true });
    return 'retried';
  }

  queue(name: QueueName): Queue {
    return this.queues[name];
  }
}
