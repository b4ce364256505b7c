import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { JobsService, SCHEDULED_JOBS } from '@shop/jobs';

/**
 * Registers the sweeps' job schedulers when the worker starts, and removes any other scheduler of the
 * maintenance queue (left by a release whose sweeps had other names). Upserting is idempotent (the
 * scheduler's id is the job name), so every replica does it and a changed SWEEP_EVERY_MS replaces the old
 * interval. The worker does not wait for it: with Redis away the calls wait for the connection and complete
 * once it is back, while the processors (which need Redis too) start the same way.
 */
@Injectable()
export class SweepSchedules implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SweepSchedules.name);
  private registering: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.registering = this.register();
  }

  /** Resolves once the schedulers are registered (or registration failed, which is logged). */
  registered(): Promise<void> {
    return this.registering ?? Promise.resolve();
  }

  beforeApplicationShutdown(): void {
    // The queues close next: a registration still waiting for Redis then fails, which is no error.
    this.stopping = true;
  }

  private async register(): Promise<void> {
    try {
      for (const name of SCHEDULED_JOBS) await this.jobs.schedule(name, this.config.sweepEveryMs);
      const dropped = await this.jobs.dropSchedulersExcept('maintenance', SCHEDULED_JOBS);
      if (dropped.length > 0) this.logger.warn(`removed job schedulers no sweep uses any more: ${dropped.join(', ')}`);
      this.logger.log(`sweeps scheduled every ${this.config.sweepEveryMs} ms: ${SCHEDULED_JOBS.join(', ')}`);
    } catch (error) {
      // A closing connection at shutdown is no failure; anything else means the sweeps do not run.
      if (!this.stopping) this.logger.error(`could not schedule the sweeps: ${(error as Error).message}`);
    }
  }
}
