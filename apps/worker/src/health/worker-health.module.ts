import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import { DatabaseHealth } from '@shop/database';
import { WorkerModule } from '../worker.module';
import { WorkerHealthServer } from './worker-health.server';
import { WorkerReadiness } from './worker-readiness';

/** The worker with its health probes: WorkerModule's processors, plus the health server when WORKER_HEALTH_PORT is set. */
@Module({})
export class WorkerAppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerAppModule,
      imports: [WorkerModule.forRoot(config)],
      providers: [DatabaseHealth, WorkerReadiness, WorkerHealthServer],
      exports: [WorkerHealthServer],
    };
  }
}
