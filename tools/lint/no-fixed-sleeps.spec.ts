import { lintAll, type Planted, type Report } from './lint-snippets';

/**
 * The no-fixed-sleeps rules of eslint.config.mjs (issue "A test system that never flakes"): in test files a fixed
 * sleep is refused, whatever its form, with a message that says what to wait for instead; a real wait (until())
 * and the same code outside the tests are not.
 *
 * Each snippet is linted as a file at the given path with the project's own configuration (lint-snippets.ts).
 */
const RULES = ['no-restricted-syntax', 'no-restricted-imports', 'no-restricted-properties'];
const TEST_FILE = 'test/planted.e2e-spec.ts';

/** Each fixed-sleep form a test could use, as the body of an async function (the imports it needs ahead). */
const SLEEPS: Record<string, { imports?: string; body: string; rule: string; /** Other rules the snippet breaks. */ also?: string[] }> = {
  'new Promise((r) => setTimeout(r, N))': { body: 'await new Promise((r) => setTimeout(r, 1500));', rule: 'no-restricted-syntax' },
  'the same with other names and a type argument': { body: 'await new Promise<void>((wake) => setTimeout(wake, 5));', rule: 'no-restricted-syntax' },
  'a timer that resolves from an arrow, in a block': {
    body: 'await new Promise((resolve) => {\n    setTimeout(() => resolve(undefined), 20);\n  });',
    rule: 'no-restricted-syntax',
  },
  'a function executor and globalThis.setTimeout': {
    body: 'await new Promise(function (go) {\n    globalThis.setTimeout(go, 50);\n  });',
    rule: 'no-restricted-syntax',
  },
  "setTimeout imported from 'node:timers/promises'": {
    imports: "import { setTimeout } from 'node:timers/promises';",
    body: 'await setTimeout(1000);',
    rule: 'no-restricted-imports',
  },
  "the same renamed, from 'timers/promises'": {
    imports: "import { setTimeout as pause } from 'timers/promises';",
    body: 'await pause(1000);',
    rule: 'no-restricted-imports',
  },
  "require('node:timers/promises')": {
    body: "await require('node:timers/promises').setTimeout(1000);",
    rule: 'no-restricted-syntax',
    also: ['@typescript-eslint/no-require-imports'],
  },
  "import('node:timers/promises')": { body: "await (await import('node:timers/promises')).setTimeout(1000);", rule: 'no-restricted-syntax' },
  'promisify(setTimeout)': {
    imports: "import { promisify } from 'node:util';",
    body: 'await promisify(setTimeout)(1000);',
    rule: 'no-restricted-syntax',
  },
  'page.waitForTimeout(N)': {
    imports: "import type { Page } from '@playwright/test';\ndeclare const page: Page;",
    body: 'await page.waitForTimeout(500);',
    rule: 'no-restricted-properties',
  },
  'any .waitForTimeout(N)': {
    imports: 'declare const frame: { waitForTimeout(ms: number): Promise<void> };',
    body: 'await frame.waitForTimeout(500);',
    rule: 'no-restricted-properties',
  },
  'sleep(N) from test/support/polling.ts': {
    imports: "import { sleep } from './support/polling';",
    body: 'await sleep(2000);',
    rule: 'no-restricted-syntax',
  },
  'a sleep() called on a module object': {
    imports: "import * as polling from './support/polling';",
    body: 'await polling.sleep(2000);',
    rule: 'no-restricted-syntax',
  },
};

const source = ({ imports, body }: { imports?: string; body: string }) =>
  `${imports ? `${imports}\n` : ''}export async function planted(): Promise<void> {\n  ${body}\n}\n`;

/** A test that waits for the event: until() from test/support/polling.ts, and a deadline that keeps its timer to clear it. */
const CLEAN = `import { until } from './support/polling';
import { readOutbox } from './support/outbox';

export async function clean(outbox: string): Promise<void> {
  await until(async () => ((await readOutbox(outbox)).length === 1 ? true : undefined), 15_000, 'the mail');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer within 20 s')), 20_000);
    process.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await new Promise((next) => setImmediate(next));
}
`;

describe('eslint: no fixed sleeps in tests', () => {
  const forms = Object.entries(SLEEPS);
  const allowed = `import { sleep } from './support/polling';

export async function windowEnds(): Promise<void> {
  // eslint-disable-next-line no-restricted-syntax -- the rate-limit window is 1 s of real time
  await sleep(1100);
}
`;
  const otherTestFiles = [
    'libs/media/src/planted.spec.ts',
    'test/resilience/planted.resilience-spec.ts',
    'apps/storefront/src/planted.test.tsx',
    'apps/admin/src/planted.test.ts',
    'test/support/planted.ts',
  ];
  const planted: Planted[] = [
    ...forms.map(([, form]) => ({ code: source(form), filePath: TEST_FILE })),
    { code: CLEAN, filePath: TEST_FILE },
    ...forms.map(([, form]) => ({ code: source(form), filePath: 'apps/api/src/orders/planted.ts' })),
    { code: allowed, filePath: TEST_FILE },
    ...otherTestFiles.map((filePath) => ({ code: source(SLEEPS['new Promise((r) => setTimeout(r, N))']), filePath })),
  ];
  let reports: Report[][];

  beforeAll(() => {
    reports = lintAll(planted);
  }, 120_000);

  const ours = (r: Report[]) => r.filter((m) => m.ruleId !== null && RULES.includes(m.ruleId));

  it.each(forms.map(([name], i) => [name, i] as const))('reports %s in a test file, saying what to wait for instead', (name, i) => {
    const found = ours(reports[i]);
    expect(found).toHaveLength(1);
    expect(found[0].ruleId).toBe(SLEEPS[name].rule);
    expect(found[0].message).toContain('wait for the event that shows the work is done');
    expect(found[0].message).toContain('until() from test/support/polling.ts');
    // Nothing else in the snippet is a problem: the report is the sleep's.
    expect(reports[i].filter((m) => !found.includes(m)).map((m) => m.ruleId)).toEqual(SLEEPS[name].also ?? []);
  });

  it('does not report a clean wait (until(), a deadline that is cleared, a turn of the event loop)', () => {
    expect(reports[forms.length]).toEqual([]);
  });

  it('does not report the same sleeps in code that is not a test (apps/api/src/...)', () => {
    const outside = reports.slice(forms.length + 1, 2 * forms.length + 1);
    expect(outside).toHaveLength(forms.length);
    for (const found of outside) expect(ours(found)).toEqual([]);
  });

  it('lets real time stay with an eslint-disable-next-line comment that gives the reason', () => {
    expect(reports[2 * forms.length + 1]).toEqual([]);
  });

  it('holds in every kind of test file: specs, resilience specs, web app tests, test helpers', () => {
    const found = reports.slice(2 * forms.length + 2).map((r, i) => [otherTestFiles[i], ours(r).map((m) => m.ruleId)]);
    expect(found).toEqual(otherTestFiles.map((filePath) => [filePath, ['no-restricted-syntax']]));
  });
});
