import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/*
 * Lints snippets of code as files at the given paths with the project's own configuration, for the specs that prove
 * a rule of eslint.config.mjs. Through ESLint's Node API: `new ESLint({ cwd: root })` and `lintText(code, { filePath })`.
 * The API runs in a child Node process: ESLint loads eslint.config.mjs with a dynamic import(), which Jest's module
 * sandbox refuses unless Node runs with --experimental-vm-modules.
 */
const root = resolve(__dirname, '../..');

export interface Report {
  ruleId: string | null;
  message: string;
  line: number;
}

export interface Planted {
  code: string;
  filePath: string;
}

const LINT = `
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
const planted = JSON.parse(readFileSync(0, 'utf8'));
// Planted snippets are no files of any tsconfig: the type-aware rules are off for them (the rules under test are not type-aware).
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });
const reports = [];
for (const { code, filePath } of planted) {
  const [result] = await eslint.lintText(code, { filePath });
  reports.push(result.messages.map(({ ruleId, message, line }) => ({ ruleId, message, line })));
}
process.stdout.write(JSON.stringify(reports));
`;

/** The reports for each snippet, in order (one ESLint run for all of them: loading the configuration takes seconds). */
export function lintAll(planted: Planted[]): Report[][] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT], { cwd: root, input: JSON.stringify(planted), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ESLint did not run (exit ${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as Report[][];
}
