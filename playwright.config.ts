/**
 * The browser tier (npm run test:browser): Playwright Test drives Debian's Chromium (no browser download) against the
 * built shop. Each spec file boots its own built API (test/browser/built-stack.ts); the demo catalogue is seeded
 * once per run by the global setup and copied per stack. Files run two at a time (one per core), the tests of a
 * file in order unless the file says otherwise. No retries: a test that needs one is a defect to fix.
 */
import { defineConfig } from '@playwright/test';

/** Debian's Chromium, headless, with no network of its own (the machine has none beyond the package registries). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/browser/global-setup.ts',
  outputDir: 'tmp/playwright',
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'tmp/test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
});
