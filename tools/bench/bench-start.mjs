#!/usr/bin/env node
// `npm run bench:start`: how long a newcomer waits for the shop after cloning it. A benchmark, not a test.
//   node tools/bench/bench-start.mjs [--runs N] [--keep]
// Each run copies the tracked files of this work tree (git ls-files: a fresh clone, no dist/, no .data) into a
// temporary folder whose node_modules is a link to this one (what `npm ci` installs), then times:
//   1. prepare       the build `npm ci` runs through the root "prepare" script (node tools/build.mjs --if-missing);
//   2. npm start     on that build with a fresh DATA_DIR, until / and /api/health answer 200 (the ready point),
//                    and until GET /api/seed/status says the demo catalogue is complete;
//   3. npm start     again without the prepared build (`npm ci --ignore-scripts`, or a clone built by nothing):
//      (no build)    the same two points, the build included;
//   4. npm start     again on the DATA_DIR of step 2 (everything built and seeded): the everyday start.
// The machine's load average is printed first: on a busy machine the numbers are not the quiet-machine target.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 1;
const keep = args.includes('--keep');

function freePort() {
  return new Promise((res, rej) => {
    const server = net.createServer();
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => res(port));
    });
  });
}

/** A fresh clone's files: what git tracks (and the untracked files it would add), copied; node_modules linked. */
function freshClone() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-start-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(dir, file));
    } catch {
      // listed but deleted in the work tree
    }
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const seconds = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);

function timeBuild(dir) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['tools/build.mjs', '--if-missing'], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
  return { ms: Date.now() - started, lines: result.stdout.trim().split('\n') };
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

/** Runs `npm start` (tools/start.mjs) in dir until the shop is ready and seeded, then stops it. */
async function timeStart(dir, dataDir) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['tools/start.mjs'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, REDIS_PREFIX: `bench-start-${port}`, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const times = {};
  try {
    while (times.ready === undefined) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output.slice(-3000)}`);
      if (Date.now() - started > 300_000) throw new Error(`not ready after 300 s:\n${output.slice(-3000)}`);
      if ((await answers(`${base}/api/health/ready`)) && (await answers(`${base}/`))) times.ready = Date.now() - started;
      else await sleep(100);
    }
    while (times.seeded === undefined) {
      if (Date.now() - started > 300_000) throw new Error(`not seeded after 300 s:\n${output.slice(-3000)}`);
      try {
        const status = await (await fetch(`${base}/api/seed/status`)).json();
        if (status.state !== 'seeding') times.seeded = Date.now() - started;
      } catch {
        // keep polling
      }
      if (times.seeded === undefined) await sleep(250);
    }
    times.build = /build is up to date/.test(output) ? 'up to date' : 'built';
    return times;
  } finally {
    child.kill('SIGINT');
    const stopped = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), sleep(20_000).then(() => false)]);
    if (!stopped) process.kill(-child.pid, 'SIGKILL');
  }
}

const [one, five] = loadavg();
process.stdout.write(
  `bench:start on ${availableParallelism()} cores, load average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min), Node ${process.version}\n`,
);
const rows = [];
for (let run = 1; run <= runs; run += 1) {
  const prepared = freshClone();
  const unprepared = freshClone();
  const dataDirs = [mkdtempSync(join(tmpdir(), 'shop-bench-data-')), mkdtempSync(join(tmpdir(), 'shop-bench-data-'))];
  try {
    const build = timeBuild(prepared);
    process.stdout.write(`run ${run}: prepare (npm ci's build) ${seconds(build.ms)}\n${build.lines.map((l) => `    ${l}`).join('\n')}\n`);
    const first = await timeStart(prepared, dataDirs[0]);
    process.stdout.write(
      `run ${run}: npm start after npm ci: ready ${seconds(first.ready)}, demo catalogue complete ${seconds(first.seeded)} (build ${first.build})\n`,
    );
    const cold = await timeStart(unprepared, dataDirs[1]);
    process.stdout.write(`run ${run}: npm start with nothing built: ready ${seconds(cold.ready)}, demo catalogue complete ${seconds(cold.seeded)}\n`);
    const again = await timeStart(prepared, dataDirs[0]);
    process.stdout.write(`run ${run}: npm start again (built and seeded): ready ${seconds(again.ready)}\n`);
    rows.push({
      run,
      prepare: build.ms,
      firstReady: first.ready,
      firstSeeded: first.seeded,
      coldReady: cold.ready,
      coldSeeded: cold.seeded,
      againReady: again.ready,
    });
  } finally {
    if (!keep) for (const dir of [prepared, unprepared, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
  }
}
process.stdout.write(
  '\n| run | prepare (in npm ci) | npm start: / and /api/health | demo catalogue complete | npm start, nothing built: ready | complete | second start: ready |\n|---|---|---|---|---|---|---|\n',
);
for (const r of rows) {
  process.stdout.write(
    `| ${r.run} | ${seconds(r.prepare)} | ${seconds(r.firstReady)} | ${seconds(r.firstSeeded)} | ${seconds(r.coldReady)} | ${seconds(r.coldSeeded)} | ${seconds(r.againReady)} |\n`,
  );
}
