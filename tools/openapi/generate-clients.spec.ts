import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The web apps' generated API clients (storefront: @rtk-query/codegen-openapi, console: openapi-typescript) are
 * what the committed openapi.json generates: regenerated into a temp folder and compared byte for byte.
 */
const root = resolve(__dirname, '../..');
const cli = join(__dirname, 'generate-clients.mjs');
const OUTPUTS = ['apps/storefront/src/lib/generated/shop-api.ts', 'apps/admin/src/generated/api.ts'];

function run(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Each committed file that differs from the one generated into `dir`, with what to do about it. */
function drift(dir: string): string[] {
  return OUTPUTS.filter((path) => {
    const committed = join(root, path);
    return !existsSync(committed) || readFileSync(committed, 'utf8') !== readFileSync(join(dir, path), 'utf8');
  }).map((path) => `${path} differs from what openapi.json generates: run \`npm run openapi\``);
}

/** A copy of openapi.json with one more property on ProductDto. */
function tamperedSpec(dir: string): string {
  const spec = JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8'));
  spec.components.schemas.ProductDto.properties.driftProbe = { type: 'string', description: 'added by the drift test' };
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(spec, null, 2));
  return file;
}

describe('generated API clients', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-clients-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('match what the committed openapi.json generates (else run `npm run openapi`)', () => {
    const out = tempDir();
    const result = run(['--out', out]);
    expect(result.output).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    expect(drift(out)).toEqual([]);
  });

  it('differ, naming both files, when openapi.json changes', () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    expect(run(['--spec', tamperedSpec(dir), '--out', out]).status).toBe(0);
    expect(readFileSync(join(out, OUTPUTS[0]), 'utf8')).toContain('driftProbe');
    expect(readFileSync(join(out, OUTPUTS[1]), 'utf8')).toContain('driftProbe');
    expect(drift(out)).toEqual(OUTPUTS.map((path) => `${path} differs from what openapi.json generates: run \`npm run openapi\``));
  });

  it('--check exits 1 and names each stale file', () => {
    const dir = tempDir();
    const result = run(['--check', '--spec', tamperedSpec(dir)]);
    expect(result.status).toBe(1);
    for (const path of OUTPUTS) expect(result.output).toContain(`${path} differs from what openapi.json generates: run \`npm run openapi\``);
  });
});
