import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const cli = join(__dirname, 'declared-imports.mjs');

function check(projectRoot: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [cli, projectRoot], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A throw-away git project with these files, checked like the real one. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-deps-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/** Source lines built at run time, so that this spec's own text imports nothing it names. */
const importFrom = (names: string, pkg: string) => `import ${names} from '${pkg}';\n`;
const requireOf = (pkg: string) => `require('${pkg}');\n`;

const base = {
  'package.json': JSON.stringify({ dependencies: { bullmq: '6' }, devDependencies: { jest: '30', vite: '8' } }),
  'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@shop/jobs': ['./libs/jobs/src'] } } }),
  'vite.config.mts': importFrom('{ defineConfig }', 'vite') + 'export default defineConfig({});\n',
};

describe('declared dependencies', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const make = (files: Record<string, string>) => {
    const dir = project({ ...base, ...files });
    dirs.push(dir);
    return dir;
  };

  it('finds every package this project imports declared, with no private dist/ path and nothing unused', () => {
    const { status, output } = check(root);
    expect(output).toContain('every import is declared');
    expect(status).toBe(0);
  });

  it('passes a project whose imports are all declared (aliases and built-ins included)', () => {
    const dir = make({
      'libs/jobs/src/index.ts':
        importFrom('{ Queue }', 'bullmq') +
        importFrom('{ readFileSync }', 'node:fs') +
        importFrom('path', 'path') +
        'export { Queue, readFileSync, path };\n',
      'apps/api/src/main.ts': importFrom('{ Queue }', '@shop/jobs') + 'export const q = Queue;\n',
      'apps/api/src/main.spec.ts': importFrom('{ expect }', 'jest'),
    });
    expect(check(dir)).toMatchObject({ status: 0 });
  });

  it('fails on an import that package.json does not declare', () => {
    const dir = make({
      'apps/api/src/main.ts': importFrom('{ Queue }', 'bullmq') + importFrom('express', 'express') + 'export { Queue, express };\n',
      'x.spec.ts': importFrom('{ expect }', 'jest'),
    });
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain("apps/api/src/main.ts: imports 'express', which package.json does not declare");
  });

  it('fails on a require() or dynamic import of an undeclared package', () => {
    const dir = make({
      'tools/a.js': `const multer = ${requireOf('multer')}import('bullmq');\nmodule.exports = multer;\n`,
      'x.spec.ts': importFrom('{ expect }', 'jest'),
    });
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain("tools/a.js: imports 'multer'");
  });

  it('fails on server code that imports a devDependency (pruned from the production image)', () => {
    const dir = make({
      'apps/worker/src/main.ts': importFrom('{ Queue }', 'bullmq') + importFrom('{ expect }', 'jest') + 'export { Queue, expect };\n',
    });
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain("apps/worker/src/main.ts: server code imports 'jest', a devDependency");
  });

  it("fails on an import of another package's dist/ internals", () => {
    const dir = make({
      'apps/worker/src/a.spec.ts':
        importFrom('{ X }', ['bullmq', 'dist', 'esm', 'constants'].join('/')) + importFrom('{ expect }', 'jest') + 'export { X, expect };\n',
    });
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain("imports 'bullmq/dist/esm/constants', a private path of bullmq");
  });

  it('sees an import after a comment that mentions a glob such as libs/*/src, and none in a comment', () => {
    const dir = make({
      'tools/a.mjs':
        '// builds libs/*/src into dist/\n' +
        importFrom('{ Queue }', 'bullmq') +
        '/* done */\n// ' +
        importFrom('x', 'left-pad') +
        'export { Queue };\n',
      'x.spec.ts': importFrom('{ expect }', 'jest') + importFrom('{ defineConfig }', 'vite'),
    });
    expect(check(dir)).toMatchObject({ status: 0 });
  });

  it('fails on a declared package that nothing imports', () => {
    const dir = make({ 'a.ts': importFrom('{ expect }', 'jest') });
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain("package.json declares 'bullmq', which nothing imports");
  });
});
