import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

const root = resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => res(port));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((res) => (child.exitCode !== null ? res(child.exitCode) : child.once('exit', (code) => res(code))));
}

/** `npm start` exactly as a newcomer runs it: the real launcher, built apps, engine, API and worker. */
describe('npm start', () => {
  let child: ChildProcess;
  let output = '';
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));

  beforeAll(async () => {
    port = await freePort();
    child = spawn(process.execPath, [join(root, 'tools/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        REDIS_PREFIX: `test-start-${randomBytes(4).toString('hex')}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  });

  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /api/health and a page at / within 60 s, and prints the URL and admin credentials', async () => {
    const deadline = Date.now() + 60_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      try {
        healthy = (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    if (!healthy) throw new Error(`/api/health did not answer 200 within 60 s; the launcher printed:\n${output.slice(-4000)}`);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    const admin = await fetch(`http://127.0.0.1:${port}/admin/`);
    expect(admin.status).toBe(200);
    const docs = await fetch(`http://127.0.0.1:${port}/api/docs-json`);
    expect(docs.status).toBe(200);

    const ready = Date.now() + 10_000;
    while (!output.includes('Press Ctrl-C to stop.') && Date.now() < ready) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain(`Threadline is running at http://localhost:${port}`);
    expect(output).toMatch(/admin login\s+admin@demo\.shop \/ \S{12,}/);
  }, 90_000);

  it('stops everything it started on Ctrl-C', async () => {
    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 30_000);
});
