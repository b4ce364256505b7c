import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DatabaseHealth } from '@shop/database';
import { JobsService, QUEUES } from '@shop/jobs';
import { REDIS } from '../redis/redis.module';
import { pingRedis, probe, type DependencyState } from './dependency-check';

/** The stable code of a 503 from the readiness check. */
export const DEPENDENCY_UNAVAILABLE = 'DEPENDENCY_UNAVAILABLE';

export interface Readiness {
  ready: boolean;
  /** Every dependency by name: mongodb, redis, queue:<name>. */
  checks: Record<string, DependencyState>;
}

/**
 * Whether this API instance can serve: MongoDB answers a ping, the shared Redis client and the connection
 * of every BullMQ queue answer PING. The checks run at once, each with its own short deadline.
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly database: DatabaseHealth,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly jobs: JobsService,
  ) {}

  async check(): Promise<Readiness> {
    const checks: [string, () => Promise<void>][] = [
      ['mongodb', () => this.database.ping()],
      ['redis', () => pingRedis(this.redis)],
      // A queue's connection is made lazily: while Redis has never been reached the promise waits, and the deadline says so.
      ...QUEUES.map((name): [string, () => Promise<void>] => [`queue:${name}`, async () => pingRedis(await this.jobs.queue(name).getBackend().client)]),
    ];
    const states = await Promise.all(checks.map(([, check]) => probe(check)));
    const result: Record<string, DependencyState> = {};
    checks.forEach(([name], i) => (result[name] = states[i]));
    return { ready: states.every((s) => s.status === 'up'), checks: result };
  }
}

/** "Not ready: redis (not connected (reconnecting)), queue:mail (...)" */
export function notReadyMessage(checks: Record<string, DependencyState>): string {
  const down = Object.entries(checks).flatMap(([name, state]) => (state.status === 'down' ? [`${name} (${state.message})`] : []));
  return `Not ready: ${down.join(', ')} unavailable`;
}
