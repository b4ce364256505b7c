#!/usr/bin/env node
// `npm start`: the zero-setup shop. Builds what is missing, starts the embedded MongoDB engine when
// MONGODB_URI is unset, makes sure Redis answers (starting redis-server when it can), then runs the
// API and the worker and prints where the shop is. Ctrl-C stops everything it started.
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
function fail(line) {
  process.stderr.write(`[shop] ${line}\n`);
  stopAll(1);
}

function prefixOutput(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) (stream === child.stderr ? process.stderr : process.stdout).write(`[${name}] ${line}\n`);
    });
  }
}

function run(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.push({ name, child });
  prefixOutput(child, name);
  child.on('exit', (code, signal) => {
    if (!stopping) fail(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the shop`);
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
    fail(
      `Redis does not answer at ${url}. Start one (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis; ` +
        'or docker compose up redis), or point REDIS_URL at yours.',
    );
    return new Promise(() => {});
  }
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  log('no Redis at 127.0.0.1:6379; starting redis-server for this shop');
  run('redis', 'redis-server', ['--bind', '127.0.0.1', '--port', '6379', '--dir', dir, '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction']);
  for (let i = 0; i < 50; i += 1) {
    if (await redisPing(url)) return;
    await sleep(100);
  }
  fail('redis-server did not answer within 5 s');
}

function startEngine(dataDir) {
  const dbPath = join(dataDir, 'db');
  mkdirSync(dbPath, { recursive: true });
  return new Promise((resolveUri) => {
    const child = run('mongo', process.execPath, [join(root, 'dist/libs/embedded-mongo/cli.js'), '--port', env.EMBEDDED_MONGO_PORT || '0', '--dbpath', dbPath]);
    const timer = setTimeout(() => fail('the embedded MongoDB engine did not start within 30 s'), 30_000);
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

async function waitForHealth(url) {
  for (let i = 0; i < 240; i += 1) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  fail('the API did not become healthy within 60 s');
}

async function main() {
  const started = Date.now();
  const dataDirRaw = env.DATA_DIR || './.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(root, dataDirRaw);
  env.DATA_DIR = dataDir;
  mkdirSync(dataDir, { recursive: true });

  const build = spawnSync(process.execPath, [join(root, 'tools/build.mjs'), '--if-missing'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) return fail('the build failed');

  await ensureRedis(dataDir);
  if (!env.MONGODB_URI) {
    const uri = await startEngine(dataDir);
    env.MONGODB_URI = `${uri}/${env.MONGODB_DB || 'shop'}`;
    log(`embedded MongoDB engine ready (data in ${join(dataDir, 'db')})`);
  }
  const admin = adminCredentials(dataDir);

  run('api', process.execPath, ['--enable-source-maps', ...API_NODE_FLAGS, API_MAIN]);
  run('worker', process.execPath, ['--enable-source-maps', join(root, 'dist/apps/worker/apps/worker/src/main.js')]);

  const port = env.PORT || '3000';
  const url = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  await waitForHealth(`http://127.0.0.1:${port}`);
  log('');
  log(`Threadline is running at ${url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  log(`  admin console  ${url}/admin`);
  log(`  API docs       ${url}/api/docs`);
  log(`  health         ${url}/api/health`);
  if (admin) log(`  admin login    ${admin.email} / ${admin.password}   (kept in ${admin.file})`);
  if ((env.SEED_DEMO ?? 'true') !== 'false') log('  demo accounts  customer@demo.shop / Customer123!   distributor@demo.shop / Distributor123!');
  log(`  mail outbox    ${join(dataDir, 'outbox')}`);
  log('Press Ctrl-C to stop.');
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
