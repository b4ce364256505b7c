import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@shop/config';
import { WorkerAppModule } from './health/worker-health.module';

/**
 * The worker: a Nest application context running the BullMQ processors, with its health server on
 * WORKER_HEALTH_PORT when that is set (WorkerHealthServer.port). Used by main.ts and tests.
 */
export async function createWorker(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerAppModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  return app;
}
