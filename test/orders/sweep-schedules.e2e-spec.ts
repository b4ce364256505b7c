import type { INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Job, Queue } from 'bullmq';
import { Types, type Connection } from 'mongoose';
import { JobsService, SCHEDULED_JOB_OPTIONS, SCHEDULED_JOBS } from '@shop/jobs';
import { createAccount, insertProduct, readStock } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';
import { createWorker } from '../../apps/worker/src/worker.factory';
import { SweepSchedules } from '../../apps/worker/src/sweep-schedules';

const EVERY_MS = 60_000;

// The crash-safety sweeps are BullMQ job schedulers on the maintenance queue, registered by every worker at
// boot: one scheduler per sweep however many workers register it, one job per interval, run by the worker.
describe('sweeps are job schedulers run by the worker', () => {
  let stack: TestStack;
  let queue: Queue;
  const extraWorkers: INestApplicationContext[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ worker: true, env: { SWEEP_EVERY_MS: String(EVERY_MS) } });
    await stack.worker!.get(SweepSchedules).registered();
    queue = stack.app.get(JobsService).queue('maintenance');
  });
  afterAll(async () => {
    for (const worker of extraWorkers) await worker.close();
    await stack?.stop();
  });

  /** Another worker replica of the same shop (same database and Redis prefix), optionally with another interval. */
  async function anotherWorker(sweepEveryMs = stack.config.sweepEveryMs): Promise<void> {
    const worker = await createWorker({ ...stack.config, sweepEveryMs });
    extraWorkers.push(worker);
    await worker.get(SweepSchedules).registered();
  }

  const runsOf = async (name: string): Promise<Job[]> =>
    (await queue.getJobs(['completed', 'failed', 'active', 'wait'], 0, -1)).filter((j) => j.name === name);
  const pendingOf = async (name: string): Promise<Job[]> => (await queue.getJobs(['delayed'], 0, -1)).filter((j) => j.name === name);

  it('registers one scheduler per sweep at the configured interval, and runs each sweep once at once', async () => {
    const schedulers = await queue.getJobSchedulers(0, -1);
    expect(schedulers.map((s) => s.key).sort()).toEqual([...SCHEDULED_JOBS].sort());
    for (const s of schedulers) expect(s.every).toBe(EVERY_MS);
    for (const name of SCHEDULED_JOBS) {
      const done = await until(
        async () => {
          const runs = await runsOf(name);
          return runs.some((j) => j.finishedOn !== undefined) ? runs : undefined;
        },
        10_000,
        `the first ${name}`,
      );
      expect(done).toHaveLength(1);
      expect(done[0].failedReason ?? '').toBe('');
      expect(await pendingOf(name)).toHaveLength(1);
    }
  });

  it('a second worker registering the same schedulers adds no scheduler and no run, and drops a scheduler no sweep uses', async () => {
    await queue.upsertJobScheduler('sweep.retired-name', { every: EVERY_MS }, { name: 'sweep.retired-name', data: {} });
    // anotherWorker() returns once the new worker's registration is done in Redis (SweepSchedules.registered(): its
    // upserts and the drop of unknown schedulers): a scheduler or a run it added would be listed now.
    await anotherWorker();
    const schedulers = await queue.getJobSchedulers(0, -1);
    expect(schedulers.map((s) => s.key).sort()).toEqual([...SCHEDULED_JOBS].sort());
    for (const name of SCHEDULED_JOBS) {
      expect(await runsOf(name)).toHaveLength(1);
      expect(await pendingOf(name)).toHaveLength(1);
    }
  });

  it('a worker started with another SWEEP_EVERY_MS changes the interval of the one scheduler', async () => {
    await anotherWorker(2 * EVERY_MS);
    const schedulers = await queue.getJobSchedulers(0, -1);
    expect(schedulers.map((s) => s.key).sort()).toEqual([...SCHEDULED_JOBS].sort());
    for (const s of schedulers) expect(s.every).toBe(2 * EVERY_MS);
  });

  it('a sweep job resolves a stock hold left by a crashed placement (the worker runs the shared service)', async () => {
    const product = await insertProduct(stack, { countInStock: 10 });
    const products = stack.app.get<Connection>(getConnectionToken()).collection('products');
    await products.updateOne({ _id: new Types.ObjectId(product.id) }, {
      $inc: { countInStock: -3, quantity: -3 },
      $push: { stockHolds: { order: new Types.ObjectId(), quantity: 3, at: new Date(Date.now() - 120_000) } },
    } as never);
    await queue.add('sweep.stock-holds', {});
    await until(async () => ((await readStock(stack, product.id)).countInStock === 10 ? true : undefined), 10_000, 'the swept hold');
    expect((await products.findOne({ _id: new Types.ObjectId(product.id) }))?.stockHolds).toEqual([]);
  });

  it('a failing sweep is retried, then listed with the failed jobs (the console), and an admin retry runs it again', async () => {
    // Every scheduled run carries the scheduler's job options: bounded retries with backoff, failures kept.
    expect((await pendingOf('sweep.stock-holds'))[0].opts).toMatchObject({
      attempts: SCHEDULED_JOB_OPTIONS.attempts,
      backoff: SCHEDULED_JOB_OPTIONS.backoff,
    });
    // A hold naming something that is no order id: the stock-hold sweep throws on it at every attempt.
    const product = await insertProduct(stack, { countInStock: 10 });
    const products = stack.app.get<Connection>(getConnectionToken()).collection('products');
    const broken = { order: 'not-an-order-id', quantity: 1, at: new Date(Date.now() - 120_000) };
    await products.updateOne({ _id: new Types.ObjectId(product.id) }, { $push: { stockHolds: broken } } as never);
    await queue.add('sweep.stock-holds', {}, { ...SCHEDULED_JOB_OPTIONS, jobId: 'sweep-broken-1' });

    const jobs = stack.app.get(JobsService);
    const failed = await until(async () => (await jobs.listFailed()).find((j) => j.id === 'sweep-broken-1'), 20_000, 'the failed sweep');
    expect(failed).toEqual(
      expect.objectContaining({ queue: 'maintenance', name: 'sweep.stock-holds', attemptsMade: SCHEDULED_JOB_OPTIONS.attempts }),
    );

    // Someone repairs the data, then presses Retry in the console: the sweep runs again and succeeds.
    await products.updateOne({ _id: new Types.ObjectId(product.id) }, { $pull: { stockHolds: { order: 'not-an-order-id' } } } as never);
    const admin = await createAccount(stack, 'admin');
    await stack.http().post('/api/admin/jobs/maintenance/sweep-broken-1/retry').set('Authorization', admin.bearer).expect(200);
    await until(async () => ((await queue.getJobState('sweep-broken-1')) === 'completed' ? true : undefined), 15_000, 'the retried sweep');
    expect((await jobs.listFailed()).find((j) => j.id === 'sweep-broken-1')).toBeUndefined();
  });
});
