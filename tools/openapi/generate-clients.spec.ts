import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The web apps' generated API clients (storefront: @rtk-query/codegen-openapi, console: openapi-typescript) are
 * what the committed openapi.json generates: regenerated into a temp folder and compared byte for byte with the
 * committed files. The generator's own --check compares too, and its exit code and message are checked.
 */
const root = resolve(__dirname, '../..');
const cli = join(__dirname, 'generate-clients.mjs');
const OUTPUTS = ['apps/storefront/src/lib/generated/shop-api.ts', 'apps/admin/src/generated/api.ts'];
const stale = (path: string) => `${path} differs from what openapi.json generates: run \`npm run openapi\``;
/** Two generators load TypeScript each: on a busy 2-core machine one run can take 20 s. */
const SLOW = 150_000;

/** `generate-clients.mjs --check --out dir [--spec file]`: writes into dir, compares with the committed files. */
function generateInto(dir: string, spec?: string): { status: number | null; output: string } {
  const args = [cli, '--check', '--out', dir, ...(spec ? ['--spec', spec] : [])];
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Each committed file that differs from the one generated into `dir`, with what to do about it. */
function drift(dir: string): string[] {
  return OUTPUTS.filter((path) => {
    const committed = join(root, path);
    return !existsSync(committed) || readFileSync(committed, 'utf8') !== readFileSync(join(dir, path), 'utf8');
  }).map(stale);
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

  it(
    'are what the committed openapi.json generates (else: run `npm run openapi` and commit the result)',
    () => {
      const out = tempDir();
      const result = generateInto(out);
      expect(drift(out)).toEqual([]);
      expect(result.output).toContain('generated clients are up to date');
      expect(result.status).toBe(0);
    },
    SLOW,
  );

  it(
    'fail the check, naming both files, once openapi.json changes',
    () => {
      const dir = tempDir();
      const out = join(dir, 'out');
      const result = generateInto(out, tamperedSpec(dir));
      for (const path of OUTPUTS) expect(readFileSync(join(out, path), 'utf8')).toContain('driftProbe');
      expect(drift(out)).toEqual(OUTPUTS.map(stale));
      expect(result.status).toBe(1);
      for (const path of OUTPUTS) expect(result.output).toContain(stale(path));
    },
    SLOW,
  );
});
