import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, healthStatus, redisPrefix, startLauncher } from './launcher-support';

/**
 * A start that cannot work says what failed and how to recover, exits non-zero, stops what it started, and never
 * prints the ready banner. Each case fails before or right after the API starts, so they take seconds.
 */
describe('npm start that fails', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-fail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function failedStart(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string; port: number }> {
    const port = await freePort();
    const shop = startLauncher({ PORT: String(port), DATA_DIR: dataDir, REDIS_PREFIX: redisPrefix('fail'), ...env });
    const timer = setTimeout(() => void shop.killGroup(), 60_000);
    const code = await shop.exited;
    clearTimeout(timer);
    return { code, output: shop.output(), port };
  }

  it('Redis unreachable (REDIS_URL at a closed port): names it and says how to recover', async () => {
    const closed = await freePort();
    const { code, output } = await failedStart({ REDIS_URL: `redis://127.0.0.1:${closed}` });
    expect(code).toBe(1);
    expect(output).toContain(`FAILED: Redis does not answer at redis://127.0.0.1:${closed} (REDIS_URL)`);
    expect(output).toMatch(/to recover: start Redis .*REDIS_URL/);
    expect(output).not.toContain('Threadline is running');
  }, 90_000);

  it('MongoDB unreachable (MONGODB_URI at a closed port): names it and says how to recover', async () => {
    const closed = await freePort();
    const { code, output } = await failedStart({ MONGODB_URI: `mongodb://127.0.0.1:${closed}/shop` });
    expect(code).toBe(1);
    expect(output).toContain(`FAILED: MongoDB does not answer at 127.0.0.1:${closed} (MONGODB_URI)`);
    expect(output).toMatch(/to recover: .*unset MONGODB_URI to use the embedded engine/);
    expect(output).not.toContain('Threadline is running');
  }, 90_000);

  it('the API cannot start (production without JWT_SECRET): stops the engine and worker, no banner', async () => {
    const { code, output, port } = await failedStart({ NODE_ENV: 'production', JWT_SECRET: '' });
    expect(code).toBe(1);
    expect(output).toMatch(/FAILED: (api|worker) stopped unexpectedly \(exit code 1\)/);
    expect(output).toMatch(/to recover: read the \[(api|worker)\] lines above/);
    expect(output).toContain('JWT_SECRET');
    expect(output).not.toContain('Threadline is running');
    expect(await healthStatus(port)).toBe(0);
  }, 90_000);
});
