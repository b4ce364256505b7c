import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { loadConfig, type AppConfig, type Env } from '@shop/config';
import { startEmbeddedMongo } from '@shop/embedded-mongo';
import { createApiApp } from '../../apps/api/src/app.setup';
import { createWorker } from '../../apps/worker/src/worker.factory';
import { recordContract } from './contract';
import { clearRedisPrefix } from './redis-keys';

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
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MONGODB_URI: process.env.MONGODB_URI ?? engine?.uri,
    MONGODB_DB: `shop_test_${id}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `test-${id}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://shop.test',
    RATE_LIMIT_AUTH: '10000',
    ...options.env,
  });
  const app = await createApiApp(config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const worker = options.worker ? await createWorker(config) : undefined;
  const server = app.getHttpServer();
  // Every response is checked against openapi.json; test/support/contract.setup.ts fails the test on a mismatch.
  recordContract(server);

  return {
    app,
    worker,
    config,
    http: () => request(server),
    async stop() {
      await worker?.close();
      await app.close();
      await clearRedisPrefix(config.redisPrefix, config.redisUrl);
      await engine?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
