#!/usr/bin/env node
// `npm test`: every check of every app and lib, exactly as CI runs it.
//   1. type check and lint           (fast failures first)
//   2. build                         (the launcher test and the browser tests use the built apps)
//   3. Jest: engine, libs, API, worker and cross-app journeys over HTTP
//   4. Vitest: storefront and admin console units
// The last line is "tests: N passed, N failed" over all runners.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const results = join(root, 'tmp', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const extra = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function step(name, command, args, env = {}) {
  const started = Date.now();
  process.stdout.write(`\n=== ${name}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  process.stdout.write(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function countJest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } catch {
    totals.failed += 1;
  }
}

const onlyJest = extra.length > 0;
if (!onlyJest) {
  step('type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
  // --if-missing: after `npm ci` (its prepare script builds) or an earlier run, a fresh build is reused.
  step('build', process.execPath, ['tools/build.mjs', '--if-missing']);
}
const jestFile = join(results, 'jest.json');
step('jest', 'npx', ['jest', '--ci', '--json', `--outputFile=${jestFile}`, ...extra]);
countJest(jestFile);
if (!onlyJest) {
  for (const app of ['storefront', 'admin']) {
    const file = join(results, `vitest-${app}.json`);
    step(`vitest ${app}`, 'npx', ['vitest', 'run', '--config', `apps/${app}/vite.config.mts`, '--reporter=default', '--reporter=json', `--outputFile=${file}`]);
    countVitest(file);
  }
}

process.stdout.write('\n');
if (failedSteps.length) process.stdout.write(`failed steps: ${failedSteps.join(', ')}\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
