import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { SeedService } from '../../apps/api/src/seed/seed.service';
import { startTestStack, type TestStack } from '../support/test-stack';
import type { TestAccount } from '../support/accounts';

// Globals of the page, for the callbacks run inside it by page.evaluate (this program has no DOM lib).
declare const localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void; readonly length: number };
declare const document: { documentElement: { classList: { contains(name: string): boolean } } };

declare const window: { history: { pushState(state: unknown, title: string, url: string): void }; dispatchEvent(event: unknown): boolean };
declare const PopStateEvent: new (type: string) => unknown;

/** A client-side navigation, as a link inside the storefront makes it (no page load). */
export function clientNavigate(page: Page, path: string): Promise<void> {
  return page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Is the `dark` class on the document root? */
export function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export function storageLength(page: Page): Promise<number> {
  return page.evaluate(() => localStorage.length);
}

/** Debian's Chromium, headless, with no download (stack notes). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const REPO = resolve(__dirname, '../..');

export interface BrowserStack {
  stack: TestStack;
  browser: Browser;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Boots the real API and worker (demo catalog seeded) serving the built storefront from dist/web,
 * listens on a free port, and launches Chromium.
 */
export async function startBrowserStack(env: Record<string, string> = {}): Promise<BrowserStack> {
  const stack = await startTestStack({ worker: true, env: { WEB_DIST_DIR: join(REPO, 'dist/web'), SEED_DEMO: 'true', ...env } });
  // The demo catalogue fills in the background once the app has started: the journeys need all of it.
  await stack.app.get(SeedService).settled();
  await stack.app.listen(0, '127.0.0.1');
  const { port } = stack.app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The stack's PUBLIC_URL is http://shop.test; links from mails are rebased onto baseUrl by the tests.
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  } catch (error) {
    // Without this the stack's engine, Redis connections and worker keep Jest alive long after the failure.
    await stack.stop();
    throw new Error(`Chromium could not start from ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH): ${String(error)}`);
  }
  return {
    stack,
    browser,
    baseUrl,
    async stop() {
      await browser.close().catch(() => undefined);
      await stack.stop();
    },
  };
}

export async function newPage(bs: BrowserStack, options: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: options.width ?? 1440, height: options.height ?? 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs a test account in the way the storefront keeps a session: token, userInfo and expirationTime. */
export async function signInByStorage(bs: BrowserStack, page: Page, account: TestAccount): Promise<void> {
  const profile = await bs.stack.http().get('/api/users/profile').set('Authorization', account.bearer);
  const info = { ...profile.body, token: account.token };
  await page.goto('/');
  await page.evaluate((value) => {
    localStorage.setItem('userInfo', JSON.stringify(value));
    localStorage.setItem('token', value.token);
    localStorage.setItem('expirationTime', String(Date.now() + 86_400_000));
  }, info);
}

/** The text of the visible toasts. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.Toastify__toast').allInnerTexts();
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.Toastify__toast', { hasText: text }).first().waitFor({ state: 'visible' });
}

/** Optional screenshots for people (STOREFRONT_SCREENSHOTS=dir). */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.STOREFRONT_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}
