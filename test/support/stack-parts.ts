import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type { AppConfig, Env } from '@shop/config';
import { recordContract } from './contract';
import { clearRedisPrefix } from './redis-keys';
import type { TestStack } from './test-stack';

/**
 * What the HTTP tier's stack (test-stack.ts, the API from its sources) and the browser tier's (browser/built-stack.ts,
 * the built API) share. Imports no app code, so Playwright's loader can take it.
 */

/** The environment of a stack under test: its own DATA_DIR and REDIS_PREFIX, quiet logs, sign-in and page limits lifted. */
export function testEnv(options: { dataDir: string; mongoUri: string | undefined; db: string; redisPrefix: string }, extra: Env = {}): Env {
  return {
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    MONGODB_URI: options.mongoUri,
    MONGODB_DB: options.db,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: options.redisPrefix,
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://shop.test',
    RATE_LIMIT_AUTH: '10000',
    // Browser tests load many pages from one address: the 'pages' limit lifted (a test sets it low to prove it).
    PAGE_RATE_LIMIT: '1000000',
    ...extra,
  };
}

/**
 * A booted app as a TestStack: supertest bound to it, every answer recorded for the contract check
 * (test/support/contract.ts), and stop() closing the worker and the app, then emptying the stack's Redis keys
 * before `stopped` removes the rest (engine, files).
 */
export function runningStack(
  app: NestFastifyApplication,
  worker: INestApplicationContext | undefined,
  config: AppConfig,
  stopped: () => Promise<void>,
): TestStack {
  const server = app.getHttpServer();
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
      await stopped();
    },
  };
}
