import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DatabaseHealth } from '@shop/database';
import { checkAll, JobsService, pingRedis, QUEUES, type Readiness } from '@shop/jobs';
import { REDIS } from '../redis/redis.module';

/** The stable code of a 503 from the readiness check. */
export const DEPENDENCY_UNAVAILABLE = 'DEPENDENCY_UNAVAILABLE';

/**
 * Whether this API instance can serve: MongoDB answers a ping, the shared Redis client and the connection
 * of every BullMQ queue answer PING. The checks run at once, each with its own short deadline. Probes are not
 * throttled, so calls that arrive while a check is under way share its answer: however many come in, one
 * round of pings is in flight at a time.
 */
@Injectable()
export class ReadinessService {
  private inFlight: Promise<Readiness> | undefined;

  constructor(
    private readonly database: DatabaseHealth,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly jobs: JobsService,
  ) {}

  check(): Promise<Readiness> {
    this.inFlight ??= this.run().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private run(): Promise<Readiness> {
    const checks: Record<string, () => Promise<void>> = {
      mongodb: () => this.database.ping(),
      redis: () => pingRedis(this.redis),
    };
    // A queue's connection is made lazily: while Redis has never been reached the promise waits, and the deadline says so.
    for (const name of QUEUES) checks[`queue:${name}`] = async () => pingRedis(await this.jobs.queue(name).getBackend().client);
    return checkAll(checks);
  }
}
