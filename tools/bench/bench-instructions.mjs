#!/usr/bin/env node
// `npm run bench:instructions`: what one cached answer costs the API, in machine instructions, counted by valgrind's
// callgrind. Requests/s and CPU µs move with the shared VM's speed within seconds (docs/performance.md, "The
// machine"); an instruction count does not, so two builds can be compared on any VM, at any hour. A benchmark,
// not a test: it needs valgrind (`apt-get install valgrind`).
//   npm run bench:instructions                               this checkout, writes docs/performance.md
//   npm run bench:instructions -- --against ../before --no-doc  and another built checkout (a git worktree with
//                                                            its own `npm ci` and `node tools/build.mjs`)
// For each checkout it starts the shop as `npm start` does (bench/shop.mjs), then a second API process of the same
// build under callgrind, on the same engine, Redis prefix and secrets (its environment is the running API's, read
// from /proc). Instrumentation is off while it starts and while WARMUP answers let the JIT settle; then it counts
// WINDOWS windows of REQUESTS answers each (10 connections) and reports thousands of instructions per answer, per
// window, their median and their lowest (a window without a major GC or a JIT recompilation). Every thread of the process is counted (V8's compiler and GC threads too).
// Options: --paths a,b (default the two small cached answers), --warmup N (10000), --windows N (5),
// --requests N (5000), --no-doc.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { log, machine, machineLine, root, writeDocSection } from './shop.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const PATHS = option('--paths', '/api/products/{id},/api/category/categories').split(',');
const WARMUP = Number(option('--warmup', '10000'));
const WINDOWS = Number(option('--windows', '5'));
const REQUESTS = Number(option('--requests', '5000'));
const checkouts = [root, ...(args.includes('--against') ? [resolve(option('--against'))] : [])];

if (spawnSync('sh', ['-c', 'command -v valgrind && command -v callgrind_control'], { stdio: 'ignore' }).status !== 0) {
  process.stderr.write('bench:instructions needs valgrind (apt-get install valgrind)\n');
  process.exit(1);
}

/** The environment of a running process, from /proc. */
function environmentOf(pid) {
  return Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** The "totals:" line of a callgrind dump: instructions counted since the last zeroing. */
function totalOf(file) {
  const match = /^totals: (\d+)/m.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`no totals in ${file}`);
  return Number(match[1]);
}

function load(url, amount) {
  return new Promise((done, fail) => autocannon({ url, connections: 10, amount }, (error, result) => (error ? fail(error) : done(result))));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts a checkout's shop and a callgrind API beside it; returns k instructions per answer for each path and window. */
async function measureCheckout(checkout) {
  const { startShop, waitForIdleWorker, freePort } = await import(join(checkout, 'tools/bench/shop.mjs'));
  const { API_MAIN, API_NODE_FLAGS } = await import(join(checkout, 'tools/api-process.mjs'));
  const shop = await startShop({});
  // callgrind writes one file per dump into this folder of its own.
  const dumps = mkdtempSync(join(tmpdir(), 'callgrind-'));
  const out = join(dumps, 'callgrind.out');
  let valgrind;
  try {
    await waitForIdleWorker(shop);
    const port = await freePort();
    // The demo catalogue is already there (the shop's API seeded it); this API only answers.
    const env = { ...environmentOf(shop.apiPid), PORT: String(port), SEED_DEMO: 'false' };
    valgrind = spawn(
      'valgrind',
      [
        '--tool=callgrind',
        '--instr-atstart=no',
        '--smc-check=all-non-file',
        `--callgrind-out-file=${out}`,
        process.execPath,
        ...API_NODE_FLAGS,
        API_MAIN,
      ],
      { cwd: checkout, env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    valgrind.stderr.on('data', (chunk) => (stderr += chunk));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 600_000;
    for (;;) {
      const ready = await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (valgrind.exitCode !== null || Date.now() > deadline) throw new Error(`the API under valgrind did not start:\n${stderr.slice(-2000)}`);
      await sleep(1000);
    }
    const list = await (await fetch(`${url}/api/products?page=1`)).json();
    const productId = (list.products ?? list)[0]._id;
    const control = (...flags) => spawnSync('callgrind_control', [...flags, String(valgrind.pid)], { stdio: 'ignore' });
    const results = {};
    for (const path of PATHS) {
      const target = url + path.replace('{id}', productId);
      const warm = await load(target, WARMUP);
      if (warm.non2xx > 0) throw new Error(`${path}: ${warm.non2xx} answers were not 2xx`);
      control('-i', 'on');
      results[path] = [];
      for (let w = 0; w < WINDOWS; w++) {
        const before = new Set(dumpFiles(dumps));
        control('-z');
        const result = await load(target, REQUESTS);
        control('-d');
        const dump = await waitForDump(dumps, before);
        results[path].push(totalOf(dump) / result.requests.total / 1000);
      }
      control('-i', 'off');
      log(`${checkout} ${path}: ${results[path].map((k) => k.toFixed(0)).join(', ')} k instructions per answer`);
    }
    return results;
  } finally {
    valgrind?.kill('SIGKILL');
    await shop.stop();
    rmSync(dumps, { recursive: true, force: true });
  }
}

/** The dump files callgrind has written so far (callgrind.out, callgrind.out.1…). */
function dumpFiles(dumps) {
  return readdirSync(dumps).map((f) => join(dumps, f));
}

async function waitForDump(dumps, before) {
  for (let i = 0; i < 300; i++) {
    const fresh = dumpFiles(dumps).filter((f) => !before.has(f) && /^totals:/m.test(readFileSync(f, 'utf8')));
    if (fresh.length > 0) return fresh[0];
    await sleep(200);
  }
  throw new Error('callgrind wrote no dump');
}

const m = machine();
const all = [];
for (const checkout of checkouts) {
  const commit = spawnSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  all.push({ checkout, commit, results: await measureCheckout(checkout) });
}
const rows = all.flatMap(({ checkout, commit, results }) =>
  PATHS.map(
    (path) =>
      `| ${commit}${checkout === root ? ' (this checkout)' : ''} | GET ${path} | ${median(results[path]).toFixed(0)} | ${Math.min(...results[path]).toFixed(0)} | ${results[path].map((k) => k.toFixed(0)).join(', ')} |`,
  ),
);
const markdown = [
  `**Run** — ${machineLine(m)}; ${WARMUP} answers of warm-up, then ${WINDOWS} windows of ${REQUESTS} answers, 10 connections.`,
  '',
  '| build | endpoint | k instructions per answer, median | lowest | per window |',
  '|---|---|---:|---:|---|',
  ...rows,
].join('\n');
process.stdout.write(`\n${markdown}\n`);
if (!args.includes('--no-doc')) log(`wrote ${writeDocSection('instructions', markdown)}`);
