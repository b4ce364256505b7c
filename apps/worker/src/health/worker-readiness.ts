import type { WorkerHost } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DatabaseHealth } from '@shop/database';
import { checkAll, pingRedis, type Readiness } from '@shop/jobs';
import { PROCESSORS } from '../worker.module';

/**
 * Whether this worker can do its work: MongoDB answers a ping, and every processor's BullMQ worker is
 * running with its connections up. The command connection must answer PING; the blocking one (waiting for
 * the next job) is judged by its state alone, since a PING would wait behind the blocking call.
 */
@Injectable()
export class WorkerReadiness {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly moduleRef: ModuleRef,
  ) {}

  check(): Promise<Readiness> {
    const checks: Record<string, () => Promise<void>> = { mongodb: () => this.database.ping() };
    for (const processor of PROCESSORS) {
      checks[`queue:${processor.queue}`] = async () => {
        const worker = this.moduleRef.get<WorkerHost>(processor, { strict: false }).worker;
        if (!worker.isRunning()) throw new Error('worker not running');
        const backend = worker.getBackend();
        await pingRedis(await backend.client);
        const blocking = backend.blockingConnection;
        if (blocking) await pingRedis({ status: (await blocking.client).status });
      };
    }
    return checkAll(checks);
  }
}
