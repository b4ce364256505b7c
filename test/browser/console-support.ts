/**
 * The admin console's browser journeys (test/browser/admin-*.spec.ts): the stack that serves the BUILT console
 * (and storefront) from dist/web with Chromium beside it, and signed-in pages: the account is signed in over HTTP
 * and the session put where the storefront and the console keep it (token, userInfo, expirationTime in
 * localStorage) before any page script runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { TestAccount } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { listen } from './browser-support';
import { startBuiltStack, WEB_DIST } from './built-stack';

export interface ConsoleStackOptions {
  /** The spec also opens the storefront, so dist/web/storefront must be built too. */
  storefront?: boolean;
}

export interface ConsoleStack {
  stack: TestStack;
  browser: Browser;
  /** http://127.0.0.1:<port>, where the stack serves the API, /admin and the storefront. */
  base: string;
  /** Stops the stack (Chromium belongs to the Playwright worker). */
  stop(): Promise<void>;
}

/**
 * Boots the built API (no worker, nothing seeded) serving the built apps of dist/web, with `env` on top of the test
 * stack's environment, and listens on a free port; `browser` is the Playwright worker's Chromium. Fails at once when
 * an app it needs is not built.
 */
export async function startConsoleStack(
  browser: Browser,
  env: Record<string, string> = {},
  options: ConsoleStackOptions = {},
): Promise<ConsoleStack> {
  for (const app of options.storefront ? ['storefront', 'admin'] : ['admin']) {
    if (!existsSync(join(WEB_DIST, app, 'index.html'))) throw new Error(`dist/web/${app} is not built: run \`node tools/build.mjs\` first`);
  }
  const stack = await startBuiltStack({ env });
  const base = await listen(stack);
  return { stack, browser, base, stop: () => stack.stop() };
}

/** The page's localStorage, typed here because the server tsconfig has no DOM lib. */
interface PageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
type PageGlobals = { localStorage: PageStorage };

export interface ConsoleSessionOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  acceptDownloads?: boolean;
  /** More localStorage entries, written with the session (e.g. the storefront's darkMode). */
  storage?: Record<string, string>;
  /** The page's default timeout for actions and waits (15 s unless given). */
  timeout?: number;
}

export interface ConsoleSession {
  context: BrowserContext;
  page: Page;
  token: string;
}

/** A context and page as the console journeys use them, with no one signed in. */
export async function guestSession(browser: Browser, options: ConsoleSessionOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newConsoleContext(browser, options);
  return { context, page: await newConsolePage(context, options) };
}

export async function consoleSession(
  browser: Browser,
  stack: TestStack,
  account: TestAccount,
  options: ConsoleSessionOptions = {},
): Promise<ConsoleSession> {
  const context = await newConsoleContext(browser, options);
  const login = await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(200);
  const { token, expiresAt, ...user } = login.body as Record<string, unknown> & { token: string; expiresAt: string };
  await context.addInitScript(
    ({ token, user, expirationTime, storage }) => {
      const store = (globalThis as unknown as PageGlobals).localStorage;
      // Once per context: a later sign-in (or a theme toggle) in the page must not be overwritten on reload.
      if (store.getItem('token') !== null) return;
      store.setItem('token', token);
      store.setItem('userInfo', user);
      store.setItem('expirationTime', expirationTime);
      for (const [key, value] of Object.entries(storage)) store.setItem(key, value);
    },
    { token, user: JSON.stringify(user), expirationTime: String(Date.parse(expiresAt)), storage: options.storage ?? {} },
  );
  return { context, page: await newConsolePage(context, options), token };
}

/**
 * How long a step that leaves the console for the storefront may take: a full page load of another app (its
 * chunks, the signed-in visitor's calls, the toasts loaded on first use). About 3 s alone and 7 s beside three
 * CPU hogs on this 2-core machine type; one CI run on a loaded machine took more than the default 15 s.
 */
export const SHOP_LOAD_TIMEOUT_MS = 30_000;

function newConsoleContext(browser: Browser, options: ConsoleSessionOptions): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme,
    acceptDownloads: options.acceptDownloads ?? false,
  });
}

async function newConsolePage(context: BrowserContext, options: ConsoleSessionOptions): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeout ?? 15_000);
  if (process.env.ADMIN_E2E_DEBUG) {
    page.on('console', (m) => console.log(`[browser ${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => console.log(`[browser error] ${e.message}`));
    page.on('response', (r) => r.status() >= 400 && console.log(`[browser http] ${r.status()} ${r.url()}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && console.log(`[browser nav] ${Date.now() % 100000} ${f.url()}`));
  }
  return page;
}
