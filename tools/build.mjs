#!/usr/bin/env node
// Builds the shop: the embedded engine, the API, the worker, the storefront and the console.
//   node tools/build.mjs              build everything
//   node tools/build.mjs --if-missing build only what is missing or older than its sources
//                                     (npm start, npm ci's prepare script, npm test)
// Server code is transpiled by SWC (tools/build-server.mjs, no type check: `npm test` runs tsc --noEmit), the web
// apps by vite. Targets run side by side, as many at once as the machine has cores, longest first; each line
// says which step and how far ([2/5]).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const ifMissing = process.argv.includes('--if-missing');
const SERVER_BUILD = ['tools/build-server.mjs', 'tools/swc-options.cjs', 'tools/server.swcrc', 'tools/openapi/swagger-metadata.mjs', 'tsconfig.json'];
// vite's own bin, not npx: npx costs a second per call and adds npm's warnings to the output.
const VITE = [process.execPath, join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--config'];

const TARGETS = [
  {
    name: 'api',
    output: 'dist/apps/api/apps/api/src/main.js',
    sources: ['apps/api/src', 'apps/api/tsconfig.app.json', 'libs', 'nest-cli.json', ...SERVER_BUILD],
    command: [process.execPath, 'tools/build-server.mjs', 'api'],
  },
  {
    name: 'storefront',
    output: 'dist/web/storefront/index.html',
    sources: ['apps/storefront/src', 'apps/storefront/public', 'apps/storefront/index.html', 'apps/storefront/vite.config.mts'],
    command: [...VITE, 'apps/storefront/vite.config.mts'],
  },
  {
    name: 'admin console',
    output: 'dist/web/admin/index.html',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.mts'],
    command: [...VITE, 'apps/admin/vite.config.mts'],
  },
  {
    name: 'worker',
    output: 'dist/apps/worker/apps/worker/src/main.js',
    sources: ['apps/worker/src', 'libs', ...SERVER_BUILD],
    command: [process.execPath, 'tools/build-server.mjs', 'worker'],
  },
  {
    name: 'embedded engine',
    output: 'dist/libs/embedded-mongo/cli.js',
    sources: ['libs/embedded-mongo/src', ...SERVER_BUILD],
    command: [process.execPath, 'tools/build-server.mjs', 'engine'],
  },
];

/** Files that are not part of a build: tests and their helpers (a new test must not make the apps look stale). */
const NOT_BUILT = /\.(spec|test|e2e-spec)\.tsx?$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'test' || NOT_BUILT.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isFresh(target) {
  const output = join(root, target.output);
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return target.sources.every((src) => newestMtime(join(root, src)) <= built);
}

const todo = TARGETS.filter((target) => !(ifMissing && isFresh(target)));
if (todo.length === 0) {
  process.stdout.write('build is up to date\n');
  process.exit(0);
}

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
let finished = 0;
let failed = false;
process.stdout.write(
  `building ${todo.map((t) => t.name).join(', ')} (${todo.length} step${todo.length > 1 ? 's' : ''}, ${Math.min(availableParallelism(), todo.length)} at a time)\n`,
);

const running = new Set();
// A line every 5 s while steps run, so a slow machine shows it is still working and on what.
const heartbeat = setInterval(() => {
  if (running.size > 0) process.stdout.write(`  ... ${finished}/${todo.length} done, building ${[...running].join(' and ')} (${seconds(started)})\n`);
}, 5000);

function build(target) {
  return new Promise((resolveBuild) => {
    const since = Date.now();
    running.add(target.name);
    // Always a production build: run from a test runner (NODE_ENV=test), vite would bundle React's development build.
    const child = spawn(target.command[0], target.command.slice(1), {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.on('error', (error) => (output += String(error)));
    child.on('close', (code) => {
      running.delete(target.name);
      finished += 1;
      if (code === 0) {
        process.stdout.write(`[${finished}/${todo.length}] built ${target.name} in ${seconds(since)}\n`);
        if (output.trim()) process.stdout.write(output.replace(/^/gm, `  ${target.name}: `).trimEnd() + '\n');
      } else {
        failed = true;
        process.stderr.write(`[${finished}/${todo.length}] build failed: ${target.name} (exit code ${code})\n${output}\n`);
      }
      resolveBuild();
    });
  });
}

const queue = [...todo];
async function lane() {
  while (queue.length > 0 && !failed) await build(queue.shift());
}
await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), todo.length)) }, lane));
clearInterval(heartbeat);
if (failed) {
  process.stderr.write('the build failed: fix the error above and run `npm run build` (or `npm start`) again\n');
  process.exit(1);
}
process.stdout.write(`build done in ${seconds(started)}\n`);
