import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import type { TestStack } from '../support/test-stack';
import { startBuiltStack } from './built-stack';
import type { TestAccount } from '../support/fixtures';

// Globals of the page, for the callbacks run inside it by page.evaluate (this program has no DOM lib).
declare const localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void; readonly length: number };
declare const document: {
  documentElement: { classList: { contains(name: string): boolean }; scrollHeight: number };
  querySelector(selector: string): unknown;
};

declare const window: {
  history: { pushState(state: unknown, title: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  scrollY: number;
  innerHeight: number;
};
declare const requestAnimationFrame: (callback: () => void) => number;
declare const PopStateEvent: new (type: string) => unknown;

/** A client-side navigation, as a link inside the storefront makes it (no page load). */
export function clientNavigate(page: Page, path: string): Promise<void> {
  return page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until React has the page: it took the server's HTML over (hydration), or replaced it with its own
 * render (a signed-in visit, a full cart). Until then the server's elements are inert, and a locator that finds
 * one may see it detached a moment later.
 */
export async function waitForTakeover(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('#root > div') && !document.querySelector('#root > .prerendered, #root > [inert]'));
}

/**
 * Scrolls down the page a screen at a time to the bottom, then back to the top: parts that render only near the
 * viewport (the home page's rails) render on the way.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const height = page.viewportSize()?.height ?? 800;
  const scrollY = () => page.evaluate(() => window.scrollY);
  const atBottom = () => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight);
  for (let i = 0; i < 30 && !(await atBottom()); i += 1) {
    const before = await scrollY();
    await page.mouse.wheel(0, Math.round(height * 0.8));
    // The wheel's scroll has happened (and whatever renders near the new viewport has been asked to) before the next one.
    await page.waitForFunction((y) => window.scrollY !== y, before);
  }
  await page.mouse.wheel(0, -1_000_000);
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

export interface BrowserStack {
  stack: TestStack;
  browser: Browser;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Boots the built API and worker on a copy of the seeded demo catalogue (built-stack.ts), serving the built web apps,
 * and listens on a free port; `browser` is the Playwright worker's Chromium (playwright.config.ts).
 */
export async function startBrowserStack(browser: Browser, env: Record<string, string> = {}): Promise<BrowserStack> {
  const stack = await startBuiltStack({ worker: true, demo: true, env });
  // The stack's PUBLIC_URL is http://shop.test; links from mails are rebased onto baseUrl by the tests.
  const baseUrl = await listen(stack);
  return { stack, browser, baseUrl, stop: () => stack.stop() };
}

/** Makes a booted stack listen on a free port of 127.0.0.1; answers its base URL. */
export async function listen(stack: TestStack): Promise<string> {
  await stack.app.listen(0, '127.0.0.1');
  const { port } = stack.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function newPage(bs: BrowserStack, options: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: options.width ?? 1440, height: options.height ?? 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  trackRequests(page);
  return { context, page };
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests under way, for settled(). */
export function trackRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/** Two animation frames of the page: React has committed what the last events asked for, and the browser painted it. */
function nextPaint(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Waits until the page has settled after an action: no request of its own under way, and still none after the page
 * painted what the last answers asked for (an answer that starts another call, e.g. the cart refreshed after a refused
 * add, is waited for too). The proof that "nothing else happened" waits for this, never for the clock.
 */
export async function settled(page: Page): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('settled() needs a page made by newPage() (or trackRequests(page) right after it was made)');
  for (;;) {
    await expect.poll(() => open.size, { message: 'requests of the page still under way' }).toBe(0);
    await nextPaint(page);
    if (open.size === 0) return;
  }
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
