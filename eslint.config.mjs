// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Where tests live: the rules below hold there only (tools/lint/no-fixed-sleeps.spec.ts proves them). */
const TEST_FILES = ['test/**/*.ts', '**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.resilience-spec.ts', '**/*.test.ts', '**/*.test.tsx'];

const INSTEAD =
  'wait for the event that shows the work is done (the job\'s completion or a drained queue, the mail in the outbox, ' +
  'the network answer, or until() from test/support/polling.ts), then assert. Only real time (a rate-limit window, an ' +
  'expiry, a restart delay) may stay, with `// eslint-disable-next-line <rule> -- <why it is time>`';
/** As an esquery regular expression (no '/' inside: esquery's regex ends at the first one). */
const TIMERS_PROMISES = '/^(node:)?timers.promises$/';
const SET_TIMEOUT = "CallExpression:matches([callee.name='setTimeout'], [callee.property.name='setTimeout'])";

/**
 * No clock-based proofs in tests (issue "A test system that never flakes"): a fixed sleep is too short on a busy
 * machine (the test flakes) and too long on a quiet one (the suite crawls), and "nothing else happened" after it
 * proves nothing. These refuse the sleep forms; the one poll interval lives in until() (test/support/polling.ts).
 */
const noFixedSleeps = {
  'no-restricted-syntax': [
    'error',
    {
      // new Promise((r) => setTimeout(r, N)), new Promise((resolve) => { setTimeout(() => resolve(x), N); }), whatever the
      // names. A deadline that keeps its timer to clear it (`const timer = setTimeout(...)`) is not a sleep.
      selector: `NewExpression[callee.name='Promise'] > :function > ${SET_TIMEOUT}, NewExpression[callee.name='Promise'] > :function ExpressionStatement > ${SET_TIMEOUT}`,
      message: `A fixed sleep (a promise resolved by setTimeout) proves nothing about the work: ${INSTEAD}.`,
    },
    {
      selector: "CallExpression:matches([callee.name='sleep'], [callee.property.name='sleep'])",
      message: `sleep() waits a fixed time, not for the work: ${INSTEAD}.`,
    },
    {
      selector: "CallExpression:matches([callee.name='promisify'], [callee.property.name='promisify'])[arguments.0.name='setTimeout']",
      message: `A promisified setTimeout is a fixed sleep: ${INSTEAD}.`,
    },
    {
      selector: `:matches(ImportExpression[source.value=${TIMERS_PROMISES}], CallExpression[callee.name='require'][arguments.0.value=${TIMERS_PROMISES}])`,
      message: `A fixed sleep from node:timers/promises (setTimeout, setInterval, scheduler.wait): ${INSTEAD}.`,
    },
  ],
  'no-restricted-properties': [
    'error',
    { property: 'waitForTimeout', message: `waitForTimeout() is a fixed sleep: wait for what the page shows or answers (expect(locator).toBeVisible(), page.waitForResponse(), expect.poll()); ${INSTEAD}.` },
  ],
  'no-restricted-imports': [
    'error',
    {
      paths: ['node:timers/promises', 'timers/promises'].map((name) => ({
        name,
        message: `Its setTimeout, setInterval and scheduler.wait are fixed sleeps: ${INSTEAD}.`,
      })),
    },
  ],
};

/**
 * The environment is read in one place (issue #41): libs/config parses and validates it into AppConfig, and the
 * rest of the server takes that object. Tests, their helpers, the tools and the engine's own test and bench
 * helpers may still read process.env; the web apps have none.
 */
const ENV_MESSAGE = 'Only libs/config reads the environment: add the variable to AppConfig (libs/config/src/load-config.ts, README\'s configuration table) and take it from the config.';
const envOnlyInConfig = {
  'no-restricted-properties': ['error', { object: 'process', property: 'env', message: ENV_MESSAGE }],
  'no-restricted-imports': ['error', { paths: ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: ENV_MESSAGE })) }],
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'tmp/**', '.data/**', 'coverage/**', 'openapi.json'],
  },
  // Written by `npm run openapi` (tools/openapi/generate-clients.mjs); a test keeps them equal to what openapi.json generates.
  { ignores: ['apps/storefront/src/lib/generated/**', 'apps/admin/src/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/storefront/**/*.{ts,tsx,js}', 'apps/admin/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: TEST_FILES, rules: noFixedSleeps },
  {
    files: ['apps/**/*.{ts,tsx}', 'libs/**/*.ts'],
    ignores: ['libs/config/**', 'libs/embedded-mongo/test/**', 'libs/embedded-mongo/bench/**', ...TEST_FILES],
    rules: envOnlyInConfig,
  },
);
