import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type request from 'supertest';
import { loadConfig, type AppConfig, type Env } from '@shop/config';
import { startEmbeddedMongo } from '@shop/embedded-mongo';
import { createApiApp } from '../../apps/api/src/app.setup';
import { createWorker } from '../../apps/worker/src/worker.factory';
import { runningStack, testEnv } from './stack-parts';

export interface TestStack {
  app: NestFastifyApplication;
  worker?: INestApplicationContext;
  config: AppConfig;
  /** supertest bound to the running API. */
  http: () => ReturnType<typeof request>;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  /** Also run the BullMQ processors in this process. */
  worker?: boolean;
  env?: Env;
}

/**
 * Boots the real API (and optionally the worker) on a fresh in-memory embedded engine and the real
 * Redis, isolated by a random REDIS_PREFIX and DATA_DIR. With MONGODB_URI set, uses that server instead.
 * Every response of the API is checked against openapi.json (test/support/contract.ts).
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const id = randomBytes(5).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), `shop-test-${id}-`));
  const engine = process.env.MONGODB_URI ? undefined : await startEmbeddedMongo({ port: 0 });
  const config = loadConfig(
    testEnv({ dataDir, mongoUri: process.env.MONGODB_URI ?? engine?.uri, db: `shop_test_${id}`, redisPrefix: `test-${id}` }, options.env),
  );
  const app = await createApiApp(config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const worker = options.worker ? await createWorker(config) : undefined;
  // Every response is checked against openapi.json; test/support/contract.setup.ts fails the test on a mismatch.
  return runningStack(app, worker, config, async () => {
    await engine?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
}
