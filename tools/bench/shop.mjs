// Helpers shared by the benchmarks: start the shop exactly like `npm start` (tools/start.mjs) on a temp
// DATA_DIR, a free port and its own REDIS_PREFIX; machine facts; docs/performance.md sections.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = resolve(import.meta.dirname, '../..');

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

export function log(line) {
  process.stdout.write(`[bench] ${line}\n`);
}

/**
 * Runs `node tools/start.mjs` (the `npm start` launcher) with a temp DATA_DIR, a free PORT and a random
 * REDIS_PREFIX. Its output goes to a log file; stop() sends SIGTERM (the launcher stops its children)
 * and removes the Redis keys of the prefix.
 */
export async function startShop(extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'shop-bench-'));
  const redisPrefix = `bench-${randomBytes(4).toString('hex')}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    REDIS_PREFIX: redisPrefix,
    RATE_LIMIT_AUTH: '1000000',
    RATE_LIMIT_DEFAULT: '1000000000',
    PAGE_RATE_LIMIT: '1000000000',
    ...extraEnv,
  };
  delete env.MONGODB_URI;
  const logFile = join(dataDir, 'shop.log');
  // The shop writes its log straight to the file: this process (which runs the load generator) copies nothing.
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [join(root, 'tools/start.mjs')], { cwd: root, env, stdio: ['ignore', out, out], detached: true });
  closeSync(out);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`the shop stopped while starting; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (/Threadline is running/.test(existsSync(logFile) ? readFileSync(logFile, 'utf8') : '')) break;
    if (Date.now() > deadline) throw new Error(`the shop did not start within 180 s; see ${logFile}`);
    await sleep(250);
  }
  const adminPassword = readFileSync(join(dataDir, 'secrets', 'admin-password'), 'utf8').trim();
  return {
    url,
    port,
    dataDir,
    redisPrefix,
    logFile,
    pid: child.pid,
    /** The API process (not the launcher, the engine or the worker). */
    apiPid: childPid(child.pid, 'apps/api/'),
    admin: { email: 'admin@demo.shop', password: adminPassword },
    /** Process ids of the launcher's children (api, worker, engine), from `ps`. */
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const done = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), sleep(30_000).then(() => false)]);
        if (!done) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      clearRedisPrefix(redisPrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the worker has no queued or running jobs (the demo seed queues a thumbnail job per image,
 * and sharp would otherwise compete with the benchmark for the CPUs).
 */
export async function waitForIdleWorker(shop, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  // The API seeds the demo catalogue in the background after it starts: wait until it is complete first.
  while (Date.now() < deadline) {
    const status = await fetch(`${shop.url}/api/seed/status`)
      .then((r) => (r.ok ? r.json() : undefined))
      .catch(() => undefined);
    if (status === undefined || status.state !== 'seeding') break;
    await sleep(250);
  }
  const busy = () => {
    let total = 0;
    for (const queue of ['media', 'mail']) {
      for (const list of ['wait', 'active']) {
        const out = spawnSync('redis-cli', ['-p', '6379', 'LLEN', `${shop.redisPrefix}:bull:${queue}:${list}`], { encoding: 'utf8' }).stdout;
        total += Number(out.trim()) || 0;
      }
      const delayed = spawnSync('redis-cli', ['-p', '6379', 'ZCARD', `${shop.redisPrefix}:bull:${queue}:delayed`], { encoding: 'utf8' }).stdout;
      total += Number(delayed.trim()) || 0;
    }
    return total;
  };
  await sleep(1000);
  while (Date.now() < deadline) {
    const n = busy();
    if (n === 0) return;
    await sleep(500);
  }
  log('warning: the worker still had jobs after 120 s');
}

/** The pid of the launcher's child whose command line contains `part` (e.g. 'apps/api/'), from `ps`; undefined if none. */
function childPid(launcherPid, part) {
  const out = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(launcherPid)], { encoding: 'utf8' }).stdout ?? '';
  const line = out.split('\n').find((l) => l.includes(part));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * CPU time (ms) a process's main thread has used so far, from /proc (Linux); undefined elsewhere. The main thread
 * runs a Node.js server's JavaScript: its CPU per request is steadier than requests/s on a shared VM, whose speed
 * moves within minutes.
 */
export function mainThreadCpuMs(pid) {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Deletes the keys of one prefix from the shared Redis (redis-cli, when present). */
export function clearRedisPrefix(prefix, port = 6379) {
  const script = `redis-cli -p ${port} --scan --pattern '${prefix}:*' | xargs -r -n 500 redis-cli -p ${port} del >/dev/null`;
  spawnSync('sh', ['-c', script], { stdio: 'ignore' });
}

export function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    nproc: os.availableParallelism?.() ?? cpus.length,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadavg: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

export function machineLine(m) {
  return `${m.date} · ${m.nproc} CPUs (${m.cpu}) · ${m.memoryGiB} GiB RAM · Node ${m.node} · ${m.platform} · load average at start ${m.loadavg}`;
}

/** Replaces (or appends) the block between <!-- NAME:start --> and <!-- NAME:end --> in docs/performance.md. */
export function writeDocSection(name, markdown) {
  const file = join(root, 'docs', 'performance.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance and resilience\n';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a >= 0 && b > a) text = text.slice(0, a) + block + text.slice(b + end.length);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
  return file;
}

export async function api(url, path, { method = 'GET', body, token, headers = {} } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Registers (then signs in) n customers; returns their tokens. */
export async function customers(url, n, tag = randomBytes(3).toString('hex')) {
  const tokens = [];
  for (let i = 0; i < n; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, n - i) }, async (_, j) => {
        const email = `bench-${tag}-${i + j}@example.com`;
        const password = `bench-${tag}-password`;
        const reg = await api(url, '/api/users', { method: 'POST', body: { username: `bench ${tag} ${i + j}`, email, password } });
        if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
        const login = await api(url, '/api/users/auth', { method: 'POST', body: { email, password } });
        if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
        return { token: login.json.token, id: login.json._id };
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

export async function signIn(url, email, password) {
  const login = await api(url, '/api/users/auth', { method: 'POST', body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return login.json.token;
}
