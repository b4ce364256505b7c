import { expect, test, type Page } from '@playwright/test';
import { startBrowserStack, type BrowserStack } from './browser-support';

test.describe.configure({ timeout: 180_000 });

/** Issue #22, "a first paint with content": pages come with their data, and the layout is CSS. */

// Globals of the page, for the callbacks run inside it by page.evaluate (this program has no DOM lib).
interface El {
  readonly isConnected: boolean;
  readonly textContent: string | null;
  readonly classList: { contains(name: string): boolean };
  getBoundingClientRect(): { left: number; right: number; top: number; width: number; height: number };
}
declare const document: {
  documentElement: El;
  querySelector(selector: string): El | null;
  addEventListener(type: string, listener: () => void): void;
};
declare function getComputedStyle(element: El): { display: string; visibility: string; backgroundColor: string };
declare const window: unknown;
declare const PerformanceObserver: new (callback: (list: { getEntries(): { value?: number; hadRecentInput?: boolean }[] }) => void) => {
  observe(options: { type: string; buffered: boolean }): void;
};

interface ListedProduct {
  _id: string;
  name: string;
  [field: string]: unknown;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The prices a product can show: its price fields (price, a sale price…), as the storefront writes money. */
function prices(product: ListedProduct): string[] {
  return Object.entries(product)
    .filter(([key, value]) => /price/i.test(key) && typeof value === 'number' && value > 0)
    .map(([, value]) => USD.format(value as number));
}

/** The HTML as sent, without its JSON data block: only what is on the page before any script runs. */
async function markupOf(bs: BrowserStack, path: string, cookie?: string): Promise<string> {
  const res = await fetch(`${bs.baseUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  const html = await res.text();
  return html.replace(/<script type="application\/json" id="server-data">[\s\S]*?<\/script>/, '');
}

/** HTML text as a reader sees it (entities of names such as 'Dresses & Skirts'). */
function decoded(html: string): string {
  return html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

async function computed(page: Page, selector: string): Promise<{ display: string; visible: boolean }> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return { display: 'missing', visible: false };
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return { display: style.display, visible: style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0 };
  }, selector);
}

test.describe('storefront first paint (browser)', () => {
  let bs: BrowserStack;
  let firstPage: ListedProduct[];

  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
    const res = await fetch(`${bs.baseUrl}/api/products?page=1&pageSize=12`);
    const body = (await res.json()) as ListedProduct[] | { products: ListedProduct[] };
    firstPage = Array.isArray(body) ? body : body.products;
    expect(firstPage.length).toBeGreaterThan(3);
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  test('sends /shop with the first page of products, names and prices, in its HTML', async () => {
    const html = decoded(await markupOf(bs, '/shop'));
    expect(html).toContain('<div class="prerendered" data-path="/shop"');
    for (const product of firstPage) {
      expect(html).toContain(product.name);
      const shown = prices(product);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.some((price) => html.includes(price))).toBe(true);
    }
    // Not the loading state of a page without its data.
    expect(html).not.toContain('Loading products');
  });

  test('sends /product/{id} with the product, its name and price, in its HTML', async () => {
    for (const product of firstPage.slice(0, 3)) {
      const html = decoded(await markupOf(bs, `/product/${product._id}`));
      expect(html).toContain(`data-path="/product/${product._id}"`);
      expect(html).toContain(product.name);
      expect(prices(product).some((price) => html.includes(price))).toBe(true);
    }
  });

  test('sends / with the top products of the hero and the Featured carousel in its HTML', async () => {
    // The rails below them render as the visitor scrolls near them (their skeletons are in the HTML).
    const top = (await bs.stack.http().get('/api/products/top').expect(200)).body as Array<{ name: string }>;
    const html = decoded(await markupOf(bs, '/'));
    expect(top.length).toBeGreaterThan(0);
    expect(top.every((product) => html.includes(product.name))).toBe(true);
  });

  test('shows the side bar and no mobile top bar at 1440 px before any script runs, the top bar at 390 px', async () => {
    const wide = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
    const page = await wide.newPage();
    await page.goto('/shop');
    expect((await computed(page, '[data-testid="mobile-top-bar"]')).display).toBe('none');
    expect((await computed(page, '[data-testid="mobile-top-bar"]')).visible).toBe(false);
    expect((await computed(page, 'aside[data-testid="side-bar"]')).visible).toBe(true);
    expect((await computed(page, 'main h1')).visible).toBe(true);
    // The heading sits beside the side bar, at the top: not under a bar.
    const layout = await page.evaluate(() => {
      const h1 = (document.querySelector('main h1') as El).getBoundingClientRect();
      const aside = (document.querySelector('aside[data-testid="side-bar"]') as El).getBoundingClientRect();
      return { h1Left: h1.left, asideRight: aside.right, h1Top: h1.top };
    });
    expect(layout.h1Left).toBeGreaterThanOrEqual(layout.asideRight);
    expect(layout.h1Top).toBeLessThan(200);
    await wide.close();

    const narrow = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const phone = await narrow.newPage();
    await phone.goto('/shop');
    expect((await computed(phone, '[data-testid="mobile-top-bar"]')).visible).toBe(true);
    expect((await computed(phone, 'aside[data-testid="side-bar"]')).display).toBe('none');
    expect((await computed(phone, 'main h1')).visible).toBe(true);
    await narrow.close();
  });

  test('paints light mode at once: a page rendered light, with its content visible, before any script runs', async () => {
    const context = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
    await context.addCookies([{ name: 'darkMode', value: 'false', url: bs.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/shop');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const painted = await page.evaluate(() => {
      const root = document.querySelector('#root > .prerendered');
      const main = document.querySelector('main');
      return {
        visibility: root ? getComputedStyle(root).visibility : 'missing',
        background: getComputedStyle(document.documentElement).backgroundColor,
        paper: getComputedStyle(document.querySelector('aside') ?? document.documentElement).backgroundColor,
        text: main?.textContent ?? '',
      };
    });
    expect(painted.visibility).toBe('visible');
    // Light backgrounds (the page and the side bar), not the dark theme's.
    expect(painted.background).toBe('rgb(247, 247, 249)');
    expect(painted.paper).toBe('rgb(255, 255, 255)');
    expect(painted.text).toContain(firstPage[0].name);
    expect(await page.locator('main h1').first().isVisible()).toBe(true);
    await context.close();

    // Without the cookie: the default dark mode, also painted.
    const dark = await bs.browser.newContext({ baseURL: bs.baseUrl, javaScriptEnabled: false });
    const darkPage = await dark.newPage();
    await darkPage.goto('/shop');
    expect(await darkPage.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await darkPage.evaluate(() => getComputedStyle(document.querySelector('#root > .prerendered') as El).visibility)).toBe('visible');
    await dark.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)
    test(`takes the server-rendered /shop over as it is (${name}): same cards, no layout shift`, async () => {
      const context = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport });
      await context.addInitScript(() => {
        const w = window as { shifts: number; firstName: El | null };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const shift of list.getEntries()) if (!shift.hadRecentInput) w.shifts += shift.value ?? 0;
        }).observe({ type: 'layout-shift', buffered: true });
        // The server's first card, before the app's JavaScript has run (it starts after the first paint).
        document.addEventListener('DOMContentLoaded', () => {
          w.firstName = document.querySelector('#root > .prerendered main a[href^="/product/"]');
        });
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto('/shop');
      // React has taken the page over: the server's element lost its inert class and stays in the document.
      await page.waitForFunction(() => document.querySelector('#root > div') && !document.querySelector('#root > .prerendered'), undefined, {
        timeout: 60_000,
      });
      const state = await page.evaluate(() => {
        const w = window as { shifts: number; firstName: El | null };
        return { connected: !!w.firstName?.isConnected, shifts: w.shifts };
      });
      expect(state.connected).toBe(true);
      expect(state.shifts).toBeLessThan(0.05);
      await context.close();
    });
});
