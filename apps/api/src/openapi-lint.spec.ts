import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(__dirname, '../../..');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** `redocly lint` with the recommended rules (redocly.yaml), as JSON; offline: no telemetry, no update check. */
async function lint(file: string): Promise<LintProblem[]> {
  const cli = require.resolve('@redocly/cli/bin/cli.js');
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const run = promisify(execFile);
  const output = await run(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=1000'], {
    cwd: root,
    env,
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const json = output.stdout.slice(output.stdout.indexOf('{'));
  return (JSON.parse(json) as { problems: LintProblem[] }).problems;
}

describe('openapi.json lint (Redocly recommended rules)', () => {
  it('has no errors', async () => {
    const errors = (await lint('openapi.json')).filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('reports an operation without a summary or a declared security scheme', async () => {
    const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const doc = JSON.parse(readFileSync(resolve(root, 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { summary?: string; security?: unknown }>>;
    };
    const first = Object.values(doc.paths)[0];
    const operation = Object.values(first)[0];
    delete operation.summary;
    operation.security = [{ undeclared: [] }];
    const file = resolve(mkdtempSync(resolve(tmpdir(), 'openapi-lint-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const rules = (await lint(file)).filter((p) => p.severity === 'error').map((p) => p.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['operation-summary', 'security-defined']));
  });
});
