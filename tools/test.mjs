#!/usr/bin/env node
// `npm test`: every check of every app and lib, exactly as CI runs it, tier by tier (docs/testing.md):
//   1. type check, lint and format check (fast failures first)
//   2. build                         (the launcher test and the browser tier use the built apps)
//   3. unit     Jest: the engine, the libs, the tools, the API's and the worker's specs     (npm run test:unit)
//   4. web      Vitest: the storefront's and the console's units and components           (npm run test:web)
//   5. api      Jest: the HTTP journeys against the real API, engine and Redis             (npm run test:api)
//   6. browser  Playwright Test: the journeys a person makes, in Chromium, on the built shop (npm run test:browser)
// Each step's time is printed as it ends and summed up at the end; the last line is "tests: N passed, N failed"
// over all runners. `node tools/test.mjs <jest args>` runs only Jest with those arguments.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const results = join(root, 'tmp', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const extra = process.argv.slice(2);
const runStarted = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

const times = [];
const bin = (path) => join(root, 'node_modules', path);

function step(name, command, args, env = {}) {
  const started = Date.now();
  process.stdout.write(`\n=== ${name}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const seconds = (Date.now() - started) / 1000;
  times.push([name, seconds]);
  process.stdout.write(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s)\n`);
  if (!ok) failedSteps.push(name);
  return ok;
}

/**
 * Steps that use one core each (tsc, ESLint) or little of two, run side by side on the machine's two cores; each
 * one's output is printed whole when it ends, so the log reads as if they had run one after the other.
 */
function together(steps) {
  return Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((done) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            const seconds = (Date.now() - started) / 1000;
            times.push([name, seconds]);
            process.stdout.write(
              `\n=== ${name}\n${output}=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s, beside ${steps
                .filter((s) => s.name !== name)
                .map((s) => s.name)
                .join(', ')})\n`,
            );
            if (code !== 0) failedSteps.push(name);
            done();
          });
        }),
    ),
  );
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

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += stats.expected;
    // A test that passed only on a retry is a flaky one: it counts as failed (the config has no retries anyway).
    totals.failed += stats.unexpected + stats.flaky + (stats.expected + stats.unexpected + stats.flaky + stats.skipped === 0 ? 1 : 0);
    totals.skipped += stats.skipped;
  } catch {
    totals.failed += 1;
  }
}

const onlyJest = extra.length > 0;
const jest = (name, args) => {
  const file = join(results, `jest-${name}.json`);
  step(name, process.execPath, [bin('jest/bin/jest.js'), '--ci', '--json', `--outputFile=${file}`, ...args]);
  countJest(file);
};
if (onlyJest) {
  jest('jest', extra);
} else {
  await together([
    { name: 'type check', command: process.execPath, args: ['tools/typecheck.mjs'] },
    { name: 'lint', command: process.execPath, args: [bin('eslint/bin/eslint.js'), '.', '--max-warnings=0'] },
    { name: 'format', command: process.execPath, args: [bin('prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.'] },
  ]);
  // --if-missing: after `npm ci` (its prepare script builds) or an earlier run, a fresh build is reused.
  step('build', process.execPath, ['tools/build.mjs', '--if-missing']);
  jest('unit', ['--selectProjects', 'unit', 'unit-apps']);
  const apps = ['storefront', 'admin'];
  await together(
    apps.map((app) => ({
      name: `web: ${app}`,
      command: process.execPath,
      args: [
        bin('vitest/vitest.mjs'),
        'run',
        '--config',
        `apps/${app}/vite.config.mts`,
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${join(results, `vitest-${app}.json`)}`,
      ],
    })),
  );
  for (const app of apps) countVitest(join(results, `vitest-${app}.json`));
  jest('api', ['--selectProjects', 'api']);
  step('browser', process.execPath, [bin('@playwright/test/cli.js'), 'test']);
  countPlaywright(join(results, 'playwright.json'));
}

process.stdout.write(
  `\nstep times: ${times.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`).join(', ')}; npm test took ${((Date.now() - runStarted) / 1000).toFixed(1)} s\n`,
);
if (failedSteps.length) process.stdout.write(`failed steps: ${failedSteps.join(', ')}\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
