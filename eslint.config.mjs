// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';

/** Where tests live: the rules below hold there only (tools/lint/no-fixed-sleeps.spec.ts proves them). */
const TEST_FILES = ['test/**/*.ts', '**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.resilience-spec.ts', '**/*.test.ts', '**/*.test.tsx'];

const INSTEAD =
  "wait for the event that shows the work is done (the job's completion or a drained queue, the mail in the outbox, " +
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
    {
      property: 'waitForTimeout',
      message: `waitForTimeout() is a fixed sleep: wait for what the page shows or answers (expect(locator).toBeVisible(), page.waitForResponse(), expect.poll()); ${INSTEAD}.`,
    },
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
 * The storefront's layers (bulletproof-react): shared code (lib, components) imports only shared code; a feature
 * imports shared code and itself, never another feature nor the app; the app (routes, store, layout, entry points)
 * composes features. Tests may reach across (they build stores and pages), so they are left out.
 */
const STOREFRONT = 'apps/storefront/src';
const storefrontLayers = {
  files: [`${STOREFRONT}/**/*.{ts,tsx,mts}`],
  ignores: [...TEST_FILES, `${STOREFRONT}/test/**`],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.js'] } },
    'boundaries/include': [`${STOREFRONT}/**/*`],
    'boundaries/elements': [
      { type: 'shared', pattern: [`${STOREFRONT}/lib`, `${STOREFRONT}/components`] },
      { type: 'feature', pattern: `${STOREFRONT}/features/*`, capture: ['feature'] },
      { type: 'app', pattern: `${STOREFRONT}/app` },
      { type: 'test-support', pattern: `${STOREFRONT}/test` },
    ],
  },
  rules: {
    'boundaries/no-unknown-files': 'error',
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          'A {{ from.element.type }} file may not import a {{ to.element.type }} file: shared → features → app, and no feature imports another',
        policies: [
          { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
          { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'shared' } } } },
          {
            from: { element: { type: 'feature' } },
            allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
          },
          { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['shared', 'feature', 'app'] } } } } },
        ],
      },
    ],
  },
};

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts'];

/**
 * Type-aware lint (typescript-eslint's recommendedTypeChecked, through the project service: each file is checked
 * with the tsconfig that owns it). It catches what types alone let through: a promise nobody awaits or handles,
 * a promise where a void callback is expected, a value of type any spreading through typed code.
 */
const typeChecked = [
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TS_FILES })),
  {
    files: TS_FILES,
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['playwright.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // An async handler given to a JSX attribute or a Fastify hook is fine: React and Fastify ignore the result.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // react-admin types every record and every JSON answer as any (RaRecord's index signature, fetchUtils' json):
    // in the console the any-tracking rules would flag each field read of a record, not a mistake of ours. The
    // promise, assertion and stringification rules stay on there.
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests read HTTP answers (supertest's body is any) and pass jest mocks around: the any-tracking and
    // unbound-method rules would only restate that. The promise rules stay: a missing await is a test that proves nothing.
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // A stub written async without an await (a fake fetch, a fake API) is the normal shape of a test double.
      '@typescript-eslint/require-await': 'off',
      // getByRole(...) as HTMLInputElement reads better in a test than getByRole<HTMLInputElement>(...).
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
];

/**
 * React's rules of hooks in both web apps: hooks called unconditionally and in the same order, and effects and
 * memos that list what they read. (The plugin's React Compiler checks are not on: the apps don't use the compiler.)
 */
const reactHookRules = {
  files: ['apps/storefront/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
  plugins: { 'react-hooks': reactHooks },
  rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
};

/**
 * The environment is read in one place (issue #41): libs/config parses and validates it into AppConfig, and the
 * rest of the server takes that object. Tests, their helpers, the tools and the engine's own test and bench
 * helpers may still read process.env; the web apps have none.
 */
const ENV_MESSAGE =
  "Only libs/config reads the environment: add the variable to AppConfig (libs/config/src/load-config.ts, README's configuration table) and take it from the config.";
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
  ...typeChecked,
  reactHookRules,
  storefrontLayers,
);
