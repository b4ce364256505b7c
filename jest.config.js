/**
 * The server-side Jest tiers (docs/testing.md), all compiled by SWC (@swc/jest, no type check: `npm test` runs
 * tsc --noEmit first):
 *   unit       the engine, the libs, the tools and the specs beside the API's and the worker's code  (npm run test:unit)
 *   api        the HTTP end-to-end journeys of test/ against the real API, engine and Redis        (npm run test:api)
 * The browser journeys run in Playwright Test (playwright.config.ts, npm run test:browser), the web apps' units
 * in Vitest (npm run test:web), the fault tests in their own run (jest.resilience.config.js).
 */
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.json');
const { swcServerOptions } = require('./tools/swc-options.cjs');

const moduleNameMapper = pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' });

/** SWC with the decorator metadata Nest's dependency injection reads, as the build compiles the server. */
const swc = { '^.+\\.ts$': ['@swc/jest', swcServerOptions({ sourceMaps: 'inline' })] };

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: swc,
};

/** The @nestjs/swagger plugin's metadata (generated once per run by the global setup), loaded before any app boots. */
const swaggerMetadata = '<rootDir>/tools/jest/swagger-metadata.setup.ts';

module.exports = {
  testTimeout: 60000,
  maxWorkers: 2,
  globalSetup: '<rootDir>/tools/jest/global-setup.mjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/tools/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'unit-apps',
      testMatch: ['<rootDir>/apps/api/**/*.spec.ts', '<rootDir>/apps/worker/**/*.spec.ts'],
      setupFilesAfterEnv: [swaggerMetadata],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/resilience/', '<rootDir>/test/browser/'],
      // Every response the test stack gives is checked against openapi.json; a mismatch fails the test (issue #25).
      setupFilesAfterEnv: [swaggerMetadata, '<rootDir>/test/support/contract.setup.ts'],
    },
  ],
};
