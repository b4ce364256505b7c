/**
 * The browser tier's shop: the BUILT API and worker (dist/, what `npm start` runs) in this Playwright worker's
 * process, on an embedded engine and the real Redis, serving the built web apps of dist/web.
 *
 * Playwright Test compiles the specs with Babel, which emits no decorator metadata, so Nest's code is loaded from the
 * SWC build (tools/build-server.mjs) instead of the sources; the specs reach it only through the TestStack shape
 * (HTTP client, database connection, config) and string injection tokens.
 *
 * The demo catalogue is seeded once per run (global-setup.ts) into a snapshot of the engine's files; a stack that
 * asks for it starts on a copy, so no spec pays for the seed (which draws every product image with sharp).
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppConfig, Env } from '@shop/config';
import type { EmbeddedMongo, EmbeddedMongoOptions } from '@shop/embedded-mongo';
import { formatMismatches, takeContractMismatches } from '../support/contract';
import { runningStack, testEnv } from '../support/stack-parts';
import type { TestStack } from '../support/test-stack';

export const REPO = resolve(__dirname, '../..');
export const WEB_DIST = join(REPO, 'dist/web');
const API_DIST = join(REPO, 'dist/apps/api');
const WORKER_DIST = join(REPO, 'dist/apps/worker');

/** Where the global setup leaves the seeded engine files, and the database name they hold. */
export const SEED_SNAPSHOT = join(REPO, 'tmp', 'browser', 'demo-seed');
export const SEED_DB = 'shop_browser';

interface ApiBuild {
  createApiApp(config: AppConfig): Promise<NestFastifyApplication>;
  loadSwaggerPluginMetadata(dir?: string): Promise<boolean>;
  loadConfig(env: Env): AppConfig;
  startEmbeddedMongo(options?: EmbeddedMongoOptions): Promise<EmbeddedMongo>;
}

/** A module of the API's build (dist/apps/api/<path>.js), e.g. `libs/seed/src/seed.service`. */
export function fromApiBuild<T>(path: string): T {
  const file = join(API_DIST, `${path}.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built server, loaded at run time
  return require(file) as T;
}

function apiBuild(): ApiBuild {
  return {
    ...fromApiBuild<Pick<ApiBuild, 'createApiApp'>>('apps/api/src/app.setup'),
    ...fromApiBuild<Pick<ApiBuild, 'loadSwaggerPluginMetadata'>>('apps/api/src/swagger-plugin-metadata'),
    ...fromApiBuild<Pick<ApiBuild, 'loadConfig'>>('libs/config/src/index'),
    ...fromApiBuild<Pick<ApiBuild, 'startEmbeddedMongo'>>('libs/embedded-mongo/src/index'),
  };
}

function createWorker(config: AppConfig): Promise<INestApplicationContext> {
  const file = join(WORKER_DIST, 'apps/worker/src/worker.factory.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built worker, loaded at run time
  const { createWorker: create } = require(file) as { createWorker(config: AppConfig): Promise<INestApplicationContext> };
  return create(config);
}

export interface BuiltStackOptions {
  /** Also run the BullMQ processors in this process. */
  worker?: boolean;
  /** Start on a copy of the seeded demo catalogue (the global setup's snapshot). */
  demo?: boolean;
  env?: Env;
  /** The engine's files: a fresh folder of this stack's own unless given (the global setup seeds into one). */
  dbPath?: string;
}

/**
 * Boots the built API (and optionally the worker) with the test stack's settings: its own DATA_DIR, engine and
 * REDIS_PREFIX, web apps from dist/web, nothing seeded unless `demo`. Every answer the API gives is checked against
 * openapi.json, as in the HTTP tier: stop() fails when one did not match.
 */
export async function startBuiltStack(options: BuiltStackOptions = {}): Promise<TestStack> {
  const build = apiBuild();
  const id = randomBytes(5).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), `shop-browser-${id}-`));
  const dbPath = options.dbPath ?? join(dataDir, 'db');
  if (options.demo) {
    if (!existsSync(SEED_SNAPSHOT)) throw new Error(`${SEED_SNAPSHOT} is missing: the browser tier's global setup seeds it`);
    cpSync(SEED_SNAPSHOT, dbPath, { recursive: true });
  }
  const engine = await build.startEmbeddedMongo({ port: 0, dbPath });
  const config = build.loadConfig(
    testEnv(
      { dataDir, mongoUri: engine.uri, db: SEED_DB, redisPrefix: `browser-${id}` },
      { SEED_DEMO: options.demo ? 'true' : 'false', WEB_DIST_DIR: WEB_DIST, ...options.env },
    ),
  );
  await build.loadSwaggerPluginMetadata(join(API_DIST, 'apps/api/src'));
  const app = await build.createApiApp(config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const worker = options.worker ? await createWorker(config) : undefined;
  return runningStack(app, worker, config, async () => {
    await engine.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // No Jest afterEach here: the file's stop reports what did not match the contract.
    const mismatches = takeContractMismatches();
    if (mismatches.length > 0)
      throw new Error(`${mismatches.length} response(s) did not match openapi.json:\n${formatMismatches(mismatches.slice(0, 10))}`);
  });
}
