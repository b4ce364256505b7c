import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
export { freePort, until } from '../support/polling';
export { clearRedisPrefix } from '../support/redis-keys';

/** The real `npm start`, as a newcomer runs it, in its own process group so a test can kill all of it at once. */
export const root = resolve(__dirname, '../..');

export interface Launcher {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** kill -9 of the whole process group: launcher, engine, API and worker at once, as a power cut would. */
  killGroup(): Promise<void>;
}

export function startLauncher(env: NodeJS.ProcessEnv): Launcher {
  const child = spawn(process.execPath, [join(root, 'tools/start.mjs')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  return {
    child,
    output: () => text,
    exited,
    async killGroup() {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    },
  };
}

/** The status of the demo seed, or undefined while the API does not answer. */
export async function seedStatus(port: number): Promise<{ state: string; done: number; total: number } | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/seed/status`);
    return response.ok ? ((await response.json()) as { state: string; done: number; total: number }) : undefined;
  } catch {
    return undefined;
  }
}

export async function healthStatus(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status;
  } catch {
    return 0;
  }
}

export function redisPrefix(name: string): string {
  return `test-${name}-${randomBytes(4).toString('hex')}`;
}
