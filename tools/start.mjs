#!/usr/bin/env node
// `npm start`: the zero-setup shop. Builds what is missing, starts the embedded MongoDB engine when
// MONGODB_URI is unset, makes sure Redis answers (starting redis-server when it can), then runs the
// API and the worker and prints where the shop is. Ctrl-C stops everything it started.
// The ready banner comes once /api/health/ready answers; the demo catalogue may still be filling then (the worker seeds
// it in the background): the launcher says so and prints its progress from GET /api/seed/status until done.
// Any failure on the way prints what failed and how to recover, stops what was started and exits with 1,
// and the banner is never printed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_MAIN, API_NODE_FLAGS } from './api-process.mjs';

const root = resolve(import.meta.dirname, '..');
const env = { ...process.env };
const children = [];
let stopping = false;

function log(line) {
  process.stdout.write(`[shop] ${line}\n`);
}
/** Prints what failed and how to recover, stops everything, exits 1. Never resolves: `return fail(...)`. */
function fail(what, recovery) {
  if (!stopping) {
    process.stderr.write(`[shop] FAILED: ${what}\n`);
    if (recovery) process.stderr.write(`[shop] to recover: ${recovery}\n`);
    void stopAll(1);
  }
  return new Promise(() => {});
}

/**
 * Each child's lines, prefixed with its name. The lines of one chunk go out in one write: under load the API
 * sends many access-log lines per chunk, and a write per line cost the launcher a system call per request.
 */
function prefixOutput(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk) => {
      buffered += chunk.toString();
      const end = buffered.lastIndexOf('\n');
      if (end < 0) return;
      const lines = buffered.slice(0, end).split('\n');
      buffered = buffered.slice(end + 1);
      (stream === child.stderr ? process.stderr : process.stdout).write(`[${name}] ${lines.join(`\n[${name}] `)}\n`);
    });
  }
}

function run(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.push({ name, child });
  prefixOutput(child, name);
  child.on('exit', (code, signal) => {
    if (!stopping)
      void fail(
        `${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the shop`,
        `read the [${name}] lines above for the cause, fix it, then run npm start again`,
      );
  });
  return child;
}

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  // Reverse order: API and worker first, then the database and Redis they use.
  for (const { name, child } of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    const exited = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), sleep(10_000).then(() => false)]);
    if (!exited) {
      log(`${name} did not stop within 10 s; killing it`);
      child.kill('SIGKILL');
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => {
  log('stopping...');
  void stopAll(0);
});
process.on('SIGTERM', () => void stopAll(0));

function redisPing(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolvePing) => {
    const socket = net.createConnection({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolvePing(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/PONG|NOAUTH/.test(data.toString())));
  });
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

async function ensureRedis(dataDir) {
  const url = env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (await redisPing(url)) return;
  if (env.REDIS_URL || !onPath('redis-server')) {
    return fail(
      `Redis does not answer at ${url}${env.REDIS_URL ? ' (REDIS_URL)' : ''}`,
      'start Redis (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis; or docker compose up -d redis), ' +
        'or point REDIS_URL at yours, then run npm start again',
    );
  }
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  log('no Redis at 127.0.0.1:6379; starting redis-server for this shop');
  run('redis', 'redis-server', [
    '--bind',
    '127.0.0.1',
    '--port',
    '6379',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--save',
    '',
    '--maxmemory-policy',
    'noeviction',
  ]);
  for (let i = 0; i < 50; i += 1) {
    if (await redisPing(url)) return;
    await sleep(100);
  }
  return fail(
    'redis-server did not answer within 5 s',
    'read the [redis] lines above; start Redis yourself and set REDIS_URL, then run npm start again',
  );
}

/** Host and port of a mongodb:// URI's first server (undefined for mongodb+srv://, which needs DNS to know). */
function mongoAddress(uri) {
  const match = /^mongodb:\/\/(?:[^@/]*@)?([^,/?]+)/.exec(uri);
  if (!match) return undefined;
  const hostPort = match[1];
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(hostPort);
  if (bracketed) return { host: bracketed[1], port: Number(bracketed[2] ?? 27017) };
  const [host, port] = hostPort.split(':');
  return { host, port: Number(port ?? 27017) };
}

function tcpAnswers(host, port, timeoutMs = 3000) {
  return new Promise((resolveCheck) => {
    const socket = net.createConnection({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolveCheck(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => done(true));
  });
}

async function checkMongo(uri) {
  const address = mongoAddress(uri);
  if (!address || (await tcpAnswers(address.host, address.port))) return;
  return fail(
    `MongoDB does not answer at ${address.host}:${address.port} (MONGODB_URI)`,
    'start that MongoDB (docker compose up -d mongo), correct MONGODB_URI, or unset MONGODB_URI to use the embedded engine under DATA_DIR; then run npm start again',
  );
}

function startEngine(dataDir) {
  const dbPath = join(dataDir, 'db');
  mkdirSync(dbPath, { recursive: true });
  return new Promise((resolveUri) => {
    const child = run('mongo', process.execPath, [
      join(root, 'dist/libs/embedded-mongo/cli.js'),
      '--port',
      env.EMBEDDED_MONGO_PORT || '0',
      '--dbpath',
      dbPath,
    ]);
    const timer = setTimeout(
      () =>
        void fail(
          'the embedded MongoDB engine did not start within 30 s',
          `read the [mongo] lines above; if the data in ${dbPath} is damaged, move it away and run npm start again`,
        ),
      30_000,
    );
    child.stdout.on('data', (chunk) => {
      const match = /listening on (mongodb:\/\/[^\s]+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolveUri(match[1].replace(/\/$/, ''));
      }
    });
  });
}

function adminCredentials(dataDir) {
  if (env.ADMIN_EMAIL) return undefined;
  const file = join(dataDir, 'secrets', 'admin-password');
  let password;
  try {
    password = readFileSync(file, 'utf8').trim();
  } catch {
    password = randomBytes(12).toString('base64url');
    mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    writeFileSync(file, password, { mode: 0o600 });
  }
  env.ADMIN_EMAIL = 'admin@demo.shop';
  env.ADMIN_PASSWORD = password;
  return { email: env.ADMIN_EMAIL, password, file };
}

/** The health timeout counts from the API's start (not the build): 60 s, enough for a busy 2-core machine. */
const HEALTH_TIMEOUT_MS = 60_000;

async function waitForHealth(url, apiStarted) {
  let last = 'no answer';
  while (Date.now() - apiStarted < HEALTH_TIMEOUT_MS) {
    if (stopping) return new Promise(() => {});
    try {
      const response = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 500)}`;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return fail(
    `the API did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s of starting (last answer of /api/health: ${last})`,
    'read the [api] lines above for the cause (a dependency named in the answer is down, or the API is still busy); fix it, then run npm start again',
  );
}

/** GET /api/seed/status, or undefined when the API does not say. */
async function seedStatus(url) {
  try {
    const response = await fetch(`${url}/api/seed/status`, { signal: AbortSignal.timeout(5000) });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

/** Prints the demo catalogue's progress (at most every 3 s) until it is complete or has failed. */
async function followSeed(url, first) {
  let status = first;
  let shown = -1;
  let shownAt = 0;
  while (!stopping && status?.state === 'seeding') {
    if (status.done !== shown && Date.now() - shownAt >= 3000) {
      log(`seeding demo catalogue: ${status.done}/${status.total} items`);
      shown = status.done;
      shownAt = Date.now();
    }
    await sleep(250);
    status = (await seedStatus(url)) ?? status;
  }
  if (stopping) return;
  if (status?.state === 'done') log(`demo catalogue ready: ${status.done}/${status.total} items`);
  if (status?.state === 'failed') {
    process.stderr.write(
      `[shop] the demo catalogue could not be completed (${status.done}/${status.total} items; the [api] lines above say why). ` +
        'The shop keeps running; stop it (Ctrl-C) and run npm start again to resume the demo catalogue where it stopped.\n',
    );
  }
}

async function main() {
  const started = Date.now();
  const dataDirRaw = env.DATA_DIR || './.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(root, dataDirRaw);
  env.DATA_DIR = dataDir;
  mkdirSync(dataDir, { recursive: true });

  const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs'), '--if-missing'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0)
    return fail('the build failed (its output is above)', 'fix the error it names, then run npm start again (npm run build rebuilds everything)');

  await ensureRedis(dataDir);
  if (env.MONGODB_URI) await checkMongo(env.MONGODB_URI);
  else {
    const uri = await startEngine(dataDir);
    env.MONGODB_URI = `${uri}/${env.MONGODB_DB || 'shop'}`;
    log(`embedded MongoDB engine ready (data in ${join(dataDir, 'db')})`);
  }
  const admin = adminCredentials(dataDir);

  const apiStarted = Date.now();
  run('api', process.execPath, ['--enable-source-maps', ...API_NODE_FLAGS, API_MAIN]);
  run('worker', process.execPath, ['--enable-source-maps', join(root, 'dist/apps/worker/apps/worker/src/main.js')]);

  const port = env.PORT || '3000';
  const url = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const local = `http://127.0.0.1:${port}`;
  await waitForHealth(local, apiStarted);
  const seed = await seedStatus(local);
  if (stopping) return;
  log('');
  log(`Threadline is running at ${url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  log(`  admin console  ${url}/admin`);
  log(`  API docs       ${url}/api/docs`);
  log(`  health         ${url}/api/health/ready  (liveness: /api/health/live)`);
  if (admin) log(`  admin login    ${admin.email} / ${admin.password}   (kept in ${admin.file})`);
  if ((env.SEED_DEMO ?? 'true') !== 'false') log('  demo accounts  customer@demo.shop / Customer123!   distributor@demo.shop / Distributor123!');
  log(`  mail outbox    ${join(dataDir, 'outbox')}`);
  if (seed?.state === 'seeding') log(`  demo catalogue still being filled (${seed.done}/${seed.total} items); the shop answers meanwhile`);
  log('Press Ctrl-C to stop.');
  await followSeed(local, seed);
}

main().catch((error) =>
  fail(error instanceof Error ? error.message : String(error), 'run npm start again; if it fails the same way, report the message above'),
);
