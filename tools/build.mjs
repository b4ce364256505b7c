#!/usr/bin/env node
// Builds the shop: the embedded engine, the API, the worker, the storefront and the console.
//   node tools/build.mjs              build everything
//   node tools/build.mjs --if-missing build only what is missing or older than its sources (npm start)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const ifMissing = process.argv.includes('--if-missing');

const TARGETS = [
  {
    name: 'embedded engine',
    output: 'dist/libs/embedded-mongo/cli.js',
    sources: ['libs/embedded-mongo/src'],
    command: ['npx', 'tsc', '-p', 'libs/embedded-mongo/tsconfig.lib.json'],
  },
  {
    name: 'api',
    output: 'dist/apps/api/apps/api/src/main.js',
    sources: ['apps/api/src', 'libs/config/src', 'libs/database/src', 'libs/jobs/src', 'libs/mail/src', 'libs/media/src'],
    command: ['npx', 'nest', 'build', 'api'],
  },
  {
    name: 'worker',
    output: 'dist/apps/worker/apps/worker/src/main.js',
    sources: ['apps/worker/src', 'libs/config/src', 'libs/database/src', 'libs/jobs/src', 'libs/mail/src', 'libs/media/src'],
    command: ['npx', 'nest', 'build', 'worker'],
  },
  {
    name: 'storefront',
    output: 'dist/web/storefront/index.html',
    sources: ['apps/storefront/src', 'apps/storefront/public', 'apps/storefront/index.html', 'apps/storefront/vite.config.mts'],
    command: ['npx', 'vite', 'build', '--config', 'apps/storefront/vite.config.mts', '--logLevel', 'warn'],
  },
  {
    name: 'admin console',
    output: 'dist/web/admin/index.html',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.mts'],
    command: ['npx', 'vite', 'build', '--config', 'apps/admin/vite.config.mts', '--logLevel', 'warn'],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isFresh(target) {
  const output = join(root, target.output);
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return target.sources.every((src) => newestMtime(join(root, src)) <= built);
}

let built = 0;
for (const target of TARGETS) {
  if (ifMissing && isFresh(target)) continue;
  const started = Date.now();
  process.stdout.write(`building ${target.name}...\n`);
  const result = spawnSync(target.command[0], target.command.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`build failed: ${target.name}\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`built ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  built += 1;
}
if (ifMissing && built === 0) process.stdout.write('build is up to date\n');
