import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { QUEUES, type QueueName } from '@shop/jobs';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { freePort, until } from '../support/polling';

export { freePort, sleep, until } from '../support/polling';
export { clearRedisPrefix } from '../support/redis-keys';

/**
 * Real processes for the fault tests: the built engine CLI, a private redis-server, the built API and
 * worker. Everything listens on 127.0.0.1 and free ports; every process started here is stopped by
 * stopAll(). Run `node tools/build.mjs --if-missing` first (npm run test:resilience does).
 */
export const root = resolve(__dirname, '../..');
const started: ChildProcess[] = [];

export function tempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `shop-resilience-${name}-`));
}

export interface Proc {
  child: ChildProcess;
  pid: number;
  log: string;
  /** kill -9 and wait for the exit. */
  crash(): Promise<void>;
  /** SIGTERM and wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
  output(): string;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

function launch(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, logDir: string): Proc {
  mkdirSync(logDir, { recursive: true });
  const log = join(logDir, `${name}-${randomBytes(3).toString('hex')}.log`);
  const out = createWriteStream(log);
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      text = (text + chunk.toString()).slice(-200_000);
      out.write(chunk);
    });
  }
  started.push(child);
  return {
    child,
    pid: child.pid as number,
    log,
    output: () => text,
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

export async function stopAll(): Promise<void> {
  await Promise.all(
    started.splice(0).map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited(child);
    }),
  );
}

/** The embedded engine CLI (like mongod) on a dbpath: kill -9 and start again on the same port and dbpath. */
export async function startEngine(port: number, dbPath: string, logDir: string): Promise<Proc> {
  const proc = launch(
    'engine',
    process.execPath,
    [join(root, 'dist/libs/embedded-mongo/cli.js'), '--port', String(port), '--dbpath', dbPath],
    process.env,
    logDir,
  );
  await until(
    () => (/listening on/.test(proc.output()) ? true : proc.child.exitCode !== null ? Promise.reject(new Error(proc.output())) : undefined),
    30_000,
    'the engine',
  );
  return proc;
}

/** A private redis-server (its own port and --dir, append-only file), never the shared one at 6379. */
export async function startRedis(port: number, dir: string, logDir: string): Promise<Proc> {
  const proc = launch(
    'redis',
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction'],
    process.env,
    logDir,
  );
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await until(
      async () => {
        try {
          if (client.status !== 'ready') await client.connect();
          return (await client.ping()) === 'PONG' ? true : undefined;
        } catch {
          client.disconnect();
          return undefined;
        }
      },
      10_000,
      'redis-server',
    );
  } finally {
    client.disconnect();
  }
  return proc;
}

export interface ShopEnv {
  port: number;
  url: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
}

/** The environment of an API/worker pair: test-like, silent logs, generous limits unless overridden. */
export async function shopEnv(mongodbUri: string, redisUrl: string, extra: NodeJS.ProcessEnv = {}): Promise<ShopEnv> {
  const port = await freePort();
  const dataDir = tempDir('data');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MONGODB_URI: mongodbUri,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `res-${randomBytes(4).toString('hex')}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://shop.test',
    RATE_LIMIT_AUTH: '100000',
    RATE_LIMIT_DEFAULT: '10000000',
    ADMIN_EMAIL: 'admin@resilience.test',
    ADMIN_PASSWORD: 'admin-resilience-123',
    ...extra,
  };
  return { port, url: `http://127.0.0.1:${port}`, env, dataDir };
}

/** A second API (or worker) of the same shop: the same database, Redis prefix, secrets and DATA_DIR, its own port. */
export async function sameShopOtherPort(shop: ShopEnv): Promise<ShopEnv> {
  const port = await freePort();
  return { ...shop, port, url: `http://127.0.0.1:${port}`, env: { ...shop.env, PORT: String(port) } };
}

export async function startApi(shop: ShopEnv, logDir: string): Promise<Proc> {
  // The same V8 flags as `npm start`, the Dockerfile and docker-compose.yml, from their one list
  // (tools/api-node-flags.json; tools/api-process.mjs says why each).
  const flags = JSON.parse(readFileSync(join(root, 'tools/api-node-flags.json'), 'utf8')) as string[];
  const proc = launch('api', process.execPath, [...flags, join(root, 'dist/apps/api/apps/api/src/main.js')], shop.env, logDir);
  await until(
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`the API stopped: ${proc.output().slice(-2000)}`);
      try {
        return (await fetch(`${shop.url}/api/health`)).ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    60_000,
    'the API',
    250,
  );
  return proc;
}

/** Starts the built worker and waits for its own word that it runs (apps/worker/src/main.ts prints it once booted). */
export async function startWorker(shop: ShopEnv, logDir: string): Promise<Proc> {
  const proc = launch('worker', process.execPath, [join(root, 'dist/apps/worker/apps/worker/src/main.js')], shop.env, logDir);
  await until(
    () => {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`the worker stopped: ${proc.output().slice(-2000)}`);
      return proc.output().includes('Worker running (queues:') ? true : undefined;
    },
    60_000,
    'the worker to start',
    50,
  );
  return proc;
}

export interface Reply {
  status: number;
  body: Record<string, unknown> & { message?: string };
}

/** A JSON call that never throws: a refused or reset connection is status 0. */
export async function call(
  url: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  try {
    const response = await fetch(`${url}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.headers ?? {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let body: Reply['body'] = {};
    try {
      body = JSON.parse(text) as Reply['body'];
    } catch {
      body = { text };
    }
    return { status: response.status, body };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, body: { error: cause?.code ?? cause?.message ?? (error as Error).name } };
  }
}

/**
 * A load generator's request, much cheaper than fetch() on the client side: keep-alive sockets from one
 * agent, and the body read only when it will be shown (a 5xx). The answer's status, 0 with the error's
 * code when there was none. The client shares the machine's two cores with the API and the engine, so
 * its own cost shows in their latency. An idle socket is dropped after 30 s, well before the API's keep-alive
 * timeout (65 s): without the agent's timeout option Node keeps idle sockets forever and ignores the server's
 * Keep-Alive hint, so a socket the server had just closed could be reused (a reset for a request the server
 * never read; the last CI soak met 2 in 36,000 when the API still closed after 5 s). Should it happen anyway,
 * it sends the request again, as a browser does, up to twice.
 */
export class LoadClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 30_000 });
  private readonly target: URL;

  constructor(url: string) {
    this.target = new URL(url);
  }

  async send(path: string, options: { method?: string; body?: unknown; token?: string; timeoutMs?: number } = {}): Promise<Reply> {
    let reply = await this.once(path, options);
    for (let again = 0; again < 2 && reply.staleSocket; again += 1) reply = await this.once(path, options);
    return reply;
  }

  private once(
    path: string,
    options: { method?: string; body?: unknown; token?: string; timeoutMs?: number },
  ): Promise<Reply & { staleSocket?: boolean }> {
    const payload = options.body !== undefined ? JSON.stringify(options.body) : undefined;
    const timeoutMs = options.timeoutMs ?? 30_000;
    return new Promise((settle) => {
      // The deadline runs from the send, not from the socket: under overload a request first waits in the
      // agent's queue for one of its sockets. A socket timeout alone let an API that fell behind leave thousands
      // queued, each waiting up to 30 s once it got a socket: the soak then ran into Jest's 600 s timeout instead
      // of failing with its figures.
      let settled = false;
      const resolveReply = (reply: Reply & { staleSocket?: boolean }) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        settle(reply);
      };
      const deadline = setTimeout(() => {
        resolveReply({ status: 0, body: { error: 'TIMEOUT' } });
        request.destroy();
      }, timeoutMs);
      const request = http.request(
        {
          agent: this.agent,
          host: this.target.hostname,
          port: this.target.port,
          path,
          method: options.method ?? 'GET',
          headers: {
            ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (status >= 500) chunks.push(chunk);
          });
          response.on('end', () =>
            resolveReply({ status, body: status >= 500 ? { text: Buffer.concat(chunks).toString('utf8').slice(0, 500) } : {} }),
          );
          response.on('error', (error: NodeJS.ErrnoException) => resolveReply({ status: 0, body: { error: error.code ?? error.message } }));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolveReply({ status: 0, body: { error: error.code ?? error.message }, staleSocket: request.reusedSocket && error.code === 'ECONNRESET' }),
      );
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await call(url, '/api/users/auth', { method: 'POST', body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export async function register(url: string, tag: string): Promise<{ id: string; token: string; email: string }> {
  const email = `${tag}-${randomBytes(3).toString('hex')}@example.com`;
  const password = `pw-${tag}-long-enough`;
  const reg = await call(url, '/api/users', { method: 'POST', body: { username: `${tag} ${randomBytes(2).toString('hex')}`, email, password } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const token = await signIn(url, email, password);
  return { id: String(reg.body._id ?? reg.body.id), token, email };
}

/**
 * Waits until the worker has nothing queued, delayed or running on these queues (the maintenance queue's repeatable
 * sweeps never empty it, so it is left out by default). The demo seed queues a thumbnail job per image: about 170,
 * which keep the worker at a full core for 40 s on a quick VM and twice that on a slow one, competing with whatever
 * a test measures next.
 */
export async function untilQueuesIdle(
  shop: ShopEnv,
  redisUrl: string,
  queues: readonly QueueName[] = QUEUES.filter((name) => name !== 'maintenance'),
  timeoutMs = 240_000,
): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const open = queues.map((name) => new Queue(name, { connection, prefix: `${shop.env.REDIS_PREFIX as string}:bull` }));
  try {
    await until(
      async () => {
        const counts = await Promise.all(open.map((queue) => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')));
        return counts.every((count) => Object.values(count).every((n) => n === 0)) ? true : undefined;
      },
      timeoutMs,
      `the worker to finish the jobs queued on ${queues.join(', ')}`,
      500,
    );
  } finally {
    await Promise.all(open.map((queue) => queue.close()));
    connection.disconnect();
  }
}

/** CPU time a process has used so far, in seconds (user + system, from /proc/<pid>/stat; Linux's 100 ticks a second). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function cleanup(...dirs: string[]): void {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

/**
 * Prints a fault test's one-line result at once (synchronously): the suite runs with --forceExit, which can
 * end the process before an asynchronous write to a pipe (the CI log) is flushed.
 */
export function report(line: string): void {
  writeSync(process.stdout.fd, line.endsWith('\n') ? line : `${line}\n`);
}
