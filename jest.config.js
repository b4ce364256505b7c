/**
 * One Jest run for every server-side test: the engine, the libs, the API and the cross-app journeys.
 * The web apps have their own Vitest configs (see package.json "test:web").
 */
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.json');

const moduleNameMapper = pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' });

/** Fast transpile-only transform for code that needs no type information. */
const fastTs = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest-fast.json' }] };
/** The API is compiled with the Swagger plugin, exactly as `nest build` does, so the OpenAPI document matches. */
const apiTs = {
  '^.+\\.ts$': [
    'ts-jest',
    {
      tsconfig: 'tsconfig.json',
      diagnostics: false,
      astTransformers: { before: ['<rootDir>/tools/jest/swagger-plugin.js'] },
    },
  ],
};

/**
 * ES-module-only packages the API loads through require(): Node 20.19+ and 22 load them natively, Jest on Node 20
 * does not, so they are compiled to CommonJS for the tests (@fastify/static, which Swagger UI is served with,
 * requires content-disposition 3).
 */
const ESM_ONLY = ['content-disposition'];
const esmToCommonJs = { [`/node_modules/(.+/)?(${ESM_ONLY.join('|')})/.+\\.js$`]: ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' }, diagnostics: false }] };
const transformIgnorePatterns = [`/node_modules/(?!(.+/)?(${ESM_ONLY.join('|')})/)`];

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
  testTimeout: 60000,
  maxWorkers: 2,
  projects: [
    {
      ...common,
      displayName: 'embedded-mongo',
      transform: fastTs,
      testMatch: ['<rootDir>/libs/embedded-mongo/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'libs',
      transform: fastTs,
      testMatch: ['<rootDir>/libs/!(embedded-mongo)/**/*.spec.ts', '<rootDir>/tools/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'api',
      transform: { ...apiTs, ...esmToCommonJs },
      transformIgnorePatterns,
      testMatch: ['<rootDir>/apps/api/**/*.spec.ts', '<rootDir>/apps/worker/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
      // Every response the test stack gives is checked against openapi.json; a mismatch fails the test (issue #25).
      setupFilesAfterEnv: ['<rootDir>/test/support/contract.setup.ts'],
    },
  ],
};
