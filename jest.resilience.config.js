/**
 * The fault tests (npm run test:resilience): real processes (the built engine CLI, a private redis-server,
 * the built API and worker) are killed and restarted. Too slow for `npm test`, so they have their own run.
 */
const base = require('./jest.config.js');

const api = base.projects.find((p) => p.displayName === 'api');

module.exports = {
  testTimeout: 300000,
  maxWorkers: 1,
  // The Swagger plugin metadata the api project's setup loads (tools/jest/global-setup.mjs).
  globalSetup: base.globalSetup,
  // Only the fault tests (*.resilience-spec.ts): an .e2e-spec.ts is the api tier's (jest.config.js), not run here too.
  projects: [
    {
      ...api,
      displayName: 'resilience',
      testPathIgnorePatterns: ['/node_modules/'],
      testMatch: ['<rootDir>/test/resilience/**/*.resilience-spec.ts'],
    },
  ],
};
