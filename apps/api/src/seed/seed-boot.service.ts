import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { hashPassword, isDuplicateKeyError, SeedRunsRepository, UsersRepository } from '@shop/database';
import { JobsService, toJobId } from '@shop/jobs';
import { DEMO_ITEM_COUNT, DEMO_TASK, type SeedStatus } from '@shop/seed';

/**
 * What the API keeps of the seed: at boot, the ADMIN_EMAIL account and the demo catalogue's job (the worker fills
 * the catalogue, see SeedService in libs/seed); GET /api/seed/status, read from seed_runs and the job, so every
 * instance answers the same.
 */
@Injectable()
export class SeedBoot implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedBoot.name);
  /** The demo seed job's id (JobsService.enqueue's, from the job name and the seed's task): the same on every instance. */
  private readonly jobId = toJobId(`media.demo-catalog.${DEMO_TASK}`);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly seedRuns: SeedRunsRepository,
    private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureAdmin();
    if (this.config.seedDemo) await this.queueDemoSeed();
  }

  /**
   * Queues the demo seed (once: the job id is the seed's task) unless it finished; a job that failed for good is put
   * back, so a restart resumes it. Redis away: logged, the shop starts without it (the next start queues it).
   */
  private async queueDemoSeed(): Promise<void> {
    if ((await this.seedRuns.find(DEMO_TASK))?.finishedAt) return;
    try {
      const id = await this.jobs.enqueue('media.demo-catalog', {}, DEMO_TASK);
      if ((await this.jobs.retryFailed('media', id)) === 'retried') this.logger.warn('Resuming the demo catalogue seed that failed before');
    } catch (error) {
      this.logger.error(`The demo catalogue seed could not be queued: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** How far the demo catalogue is, on every instance: seed_runs holds the count, the job whether it failed. */
  async status(): Promise<SeedStatus> {
    if (!this.config.seedDemo) return { state: 'disabled', done: 0, total: 0 };
    const run = await this.seedRuns.find(DEMO_TASK);
    if (run?.finishedAt) return { state: 'done', done: run.total ?? DEMO_ITEM_COUNT, total: run.total ?? DEMO_ITEM_COUNT };
    const failed = (await this.jobState()) === 'failed';
    return { state: failed ? 'failed' : 'seeding', done: run?.done ?? 0, total: run?.total ?? DEMO_ITEM_COUNT };
  }

  /** The demo seed job's state; 'unknown' when Redis does not answer within a second (the status never waits on it). */
  private async jobState(): Promise<string> {
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('unknown'), 1000).unref());
    const state = this.jobs
      .queue('media')
      .getJob(this.jobId)
      .then((job) => (job ? job.getState() : 'missing'))
      .catch(() => 'unknown');
    return Promise.race([state, timeout]);
  }

  /** Creates ADMIN_EMAIL as an admin when no user has that e-mail. */
  async ensureAdmin(): Promise<boolean> {
    const { adminEmail, adminPassword } = this.config;
    if (!adminEmail || !adminPassword) return false;
    const existing = await this.users.findByEmail(adminEmail);
    if (existing) {
      if (!existing.isAdmin) this.logger.warn(`ADMIN_EMAIL ${adminEmail} belongs to a non-admin account; left unchanged`);
      return false;
    }
    try {
      await this.users.create({ username: 'Admin', email: adminEmail, passwordHash: await hashPassword(adminPassword), isAdmin: true });
    } catch (error) {
      if (isDuplicateKeyError(error)) return false; // another instance created it first
      throw error;
    }
    this.logger.log(`Created admin account ${adminEmail}`);
    return true;
  }
}
