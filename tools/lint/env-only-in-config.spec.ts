import { lintAll, type Report } from './lint-snippets';

/**
 * The environment-only-in-libs/config rule of eslint.config.mjs (issue #41): server code outside libs/config that
 * reads process.env, in any form, is refused with a message that says where the variable belongs; libs/config,
 * tests, test helpers and tools may read it.
 */
const READS: Record<string, string> = {
  'process.env.NAME': 'export const host = process.env.HOST;',
  "process['env']": "export const env = process['env'];",
  'destructured from process': 'const { env } = process;\nexport const host = env.HOST;',
  "env imported from 'node:process'": "import { env } from 'node:process';\nexport const host = env.HOST;",
};

const REFUSED_IN = ['apps/api/src/planted.ts', 'apps/worker/src/planted.ts', 'libs/jobs/src/planted.ts', 'libs/database/src/planted.ts'];
const ALLOWED_IN = [
  'libs/config/src/planted.ts',
  'apps/api/src/planted.spec.ts',
  'test/support/planted.ts',
  'tools/planted.ts',
  'libs/embedded-mongo/test/planted.ts',
];
const RULES = ['no-restricted-properties', 'no-restricted-imports'];

describe('eslint: only libs/config reads the environment', () => {
  const forms = Object.entries(READS);
  const paths = [...REFUSED_IN, ...ALLOWED_IN];
  let reports: Report[][];

  beforeAll(() => {
    reports = lintAll(paths.flatMap((filePath) => forms.map(([, code]) => ({ code, filePath }))));
  }, 120_000);

  const found = (path: string, form: number) =>
    reports[paths.indexOf(path) * forms.length + form].filter((m) => m.ruleId !== null && RULES.includes(m.ruleId));

  it.each(REFUSED_IN)('refuses every form of reading the environment in %s, naming libs/config', (path) => {
    forms.forEach(([name], i) => {
      const messages = found(path, i);
      expect([name, messages.length]).toEqual([name, 1]);
      expect(messages[0].message).toContain('Only libs/config reads the environment');
    });
  });

  it.each(ALLOWED_IN)('lets %s read it', (path) => {
    forms.forEach(([name], i) => expect([name, found(path, i)]).toEqual([name, []]));
  });
});
