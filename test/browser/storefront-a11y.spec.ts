import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import type { DEMO_ACCOUNTS as DemoAccounts } from '../../apps/api/src/seed/seed.service';
import { scrollThrough, startBrowserStack, waitForTakeover, type BrowserStack } from './browser-support';
import { fromApiBuild } from './built-stack';

// Its four sweeps (two widths, two themes) are independent: they spread over the workers, each with its own shop.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

/**
 * Issue #22, accessibility: axe (WCAG 2.1 A and AA) finds nothing on any route of the storefront's route table,
 * at desktop and phone widths, in dark and light mode, and with the phone's side drawer open.
 *
 * To cover a new screen or a new state of one, add a row to ROUTES (or a step to a row's `states`).
 */

// Globals of the page, for the callbacks run inside it (this program has no DOM lib).
declare const axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> };
declare const document: {
  querySelector(selector: string): unknown;
  getAnimations(): Array<{ playState: string; effect: { getTiming(): { iterations: number; duration: number | string } } | null }>;
};
declare const localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void };

const { DEMO_ACCOUNTS } = fromApiBuild<{ DEMO_ACCOUNTS: typeof DemoAccounts }>('apps/api/src/seed/seed.service');

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Beyond the WCAG tags: skipped heading levels (axe files it under best practice; Lighthouse counts it). */
const AXE_EXTRA_RULES = ['heading-order'];

/** Ids of demo records the routes need, found through the API before the browser starts. */
interface Fixtures {
  productId: string;
  categoryId: string;
  blogId: string;
  orderId: string;
}

type Who = 'guest' | 'customer';

interface RouteCase {
  /** The path to open (a function when it needs a demo record's id). */
  path: string | ((f: Fixtures) => string);
  /** Who opens it: a guest, or the demo customer (signed in) for the protected pages and the signed-in menu. */
  who: Who;
  /** A selector that shows the page has its data, besides its h1 (which every page has). */
  ready?: string;
  /** Parts of the page render only near the viewport (the home page's rails): scroll through it before the scan. */
  lazy?: boolean;
  /** On phones, also check the page with the side drawer open (rows whose menu item is the active one). */
  drawer?: boolean;
  /** Further states of the page to check after its first one (tabs, dialogs, forms with errors...). */
  states?: Array<{ name: string; act(page: Page): Promise<void>; after?(page: Page): Promise<void> }>;
}

const PRODUCT_CARD = '[data-testid="product-card"]';
/** The home page's carousel (its product grid shows on extra-large screens only). */
const CAROUSEL = '[data-testid="carousel-track"]';

export const ROUTES: RouteCase[] = [
  // Public pages.
  { path: '/', who: 'guest', ready: CAROUSEL, drawer: true, lazy: true },
  { path: '/search/shirt', who: 'guest' },
  { path: '/shop', who: 'guest', ready: PRODUCT_CARD, drawer: true },
  { path: '/Shop/search/scarf', who: 'guest' },
  { path: (f) => `/Shop/category/${f.categoryId}`, who: 'guest', ready: PRODUCT_CARD },
  { path: (f) => `/shop/${f.categoryId}`, who: 'guest', ready: PRODUCT_CARD },
  { path: (f) => `/product/${f.productId}`, who: 'guest', ready: 'text=Customer reviews' },
  { path: '/specialshop', who: 'guest', ready: PRODUCT_CARD },
  { path: '/offers', who: 'guest' },
  { path: '/contributors', who: 'guest' },
  { path: '/faq', who: 'guest', states: [{ name: 'an answer open', act: (p) => p.getByRole('button', { name: 'How do I pay?' }).click() }] },
  { path: '/contact', who: 'guest' },
  { path: '/termsAndConditions', who: 'guest' },
  { path: '/shipping', who: 'guest' },
  { path: '/returns', who: 'guest' },
  { path: '/help', who: 'guest' },
  { path: '/blog', who: 'guest', ready: '[data-testid="blog-card"]' },
  { path: '/blogs', who: 'guest', ready: '[data-testid="blog-card"]', drawer: true },
  { path: (f) => `/blog/${f.blogId}`, who: 'guest' },
  { path: '/blog/some-slug', who: 'guest' },
  {
    path: '/login',
    who: 'guest',
    drawer: true,
    states: [{ name: 'refused empty form (toast)', act: (p) => p.getByRole('button', { name: 'Sign In' }).click().then(() => p.locator('.Toastify__toast').first().waitFor()) }],
  },
  { path: '/register', who: 'guest', drawer: true },
  { path: '/distributor/login', who: 'guest' },
  { path: '/distributor/register', who: 'guest' },
  { path: '/forgot-password', who: 'guest' },
  { path: '/reset-password/not-a-real-token', who: 'guest' },
  { path: '/verify-deletion/not-a-real-token', who: 'guest' },
  { path: '/no/such/page', who: 'guest' },
  // Signed in as the demo customer.
  { path: '/', who: 'customer', ready: CAROUSEL, drawer: true, lazy: true },
  { path: (f) => `/product/${f.productId}`, who: 'customer', ready: 'text=Customer reviews' },
  { path: '/favorite', who: 'customer', ready: '[data-testid="favorite-item"]', drawer: true },
  { path: '/cart', who: 'customer', ready: '[data-testid="cart-line"]', drawer: true },
  { path: '/checkout', who: 'customer' },
  { path: '/user-orders', who: 'customer', ready: '[data-testid="order-row"]' },
  { path: (f) => `/order/${f.orderId}`, who: 'customer', ready: '[data-testid="order-status"]' },
  {
    path: '/profile',
    who: 'customer',
    drawer: true,
    states: [
      ...['Security', 'Orders', 'Settings'].map((tab) => ({ name: `tab ${tab}`, act: (p: Page) => p.getByRole('tab', { name: tab }).click() })),
      {
        name: 'delete dialog',
        act: (p: Page) => p.getByRole('button', { name: 'Delete account' }).click().then(() => p.getByRole('dialog', { name: 'Delete your account?' }).waitFor()),
        after: (p: Page) => p.keyboard.press('Escape').then(() => p.getByRole('dialog').waitFor({ state: 'hidden' })),
      },
    ],
  },
];

interface Viewport {
  name: string;
  width: number;
  height: number;
  phone: boolean;
}

const DESKTOP: Viewport = { name: 'desktop', width: 1440, height: 900, phone: false };
const PHONE: Viewport = { name: 'mobile', width: 390, height: 844, phone: true };

interface Finding {
  rule: string;
  impact: string;
  help: string;
  where: string;
  targets: string[];
  summary: string;
}

/** Runs axe on the page as it is now and describes each violation. */
async function scan(page: Page, where: string): Promise<Finding[]> {
  const loaded = await page.evaluate(() => typeof axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(
    ({ tags, extra }) =>
      axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(extra.map((id) => [id, { enabled: true }])),
        resultTypes: ['violations'],
      }),
    { tags: AXE_TAGS, extra: AXE_EXTRA_RULES },
  );
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    where,
    targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
  }));
}

/**
 * Waits until the page shows its data: React has taken the prerendered HTML over (it is inert until then), the
 * page's h1 and the row's own marker show, a lazy page has been scrolled through, no skeleton or spinner is left and no finite animation runs.
 */
async function settle(page: Page, row: Pick<RouteCase, 'ready' | 'lazy'>): Promise<void> {
  await waitForTakeover(page);
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  if (row.ready) await page.locator(row.ready).first().waitFor({ state: 'visible' });
  // Parts that render only near the viewport (the home page's rails) are checked too.
  if (row.lazy) await scrollThrough(page);
  await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root, main [role="progressbar"]'));
  await settleAnimations(page);
}

/**
 * Transitions (a drawer sliding in, a tab's indicator, a fade) end before colours are measured. Endless
 * animations and long ones (a toast's 5 s countdown bar) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const timing = a.effect?.getTiming();
      return a.playState !== 'running' || !timing || timing.iterations === Infinity || Number(timing.duration) > 2000;
    }),
  );
}

async function openDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#side-menu .MuiDrawer-paper').waitFor({ state: 'visible' });
  await settleAnimations(page);
}

async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('#side-menu').waitFor({ state: 'hidden' });
}

function format(findings: Finding[]): string {
  return findings.map((f) => `[${f.impact}] ${f.rule} (${f.help}) on ${f.where}\n    ${f.targets.slice(0, 8).join('\n    ')}${f.targets.length > 8 ? `\n    ... and ${f.targets.length - 8} more` : ''}\n    ${f.summary}`).join('\n');
}

test.describe('storefront accessibility: axe, WCAG 2.1 A and AA (browser)', () => {
  let bs: BrowserStack;
  let fixtures: Fixtures;
  let session: Record<string, string>;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
    const http = () => bs.stack.http();
    const { email, password } = DEMO_ACCOUNTS.customer;
    const login = await http().post('/api/users/auth').send({ email, password });
    expect(login.status).toBe(200);
    const bearer = `Bearer ${login.body.token as string}`;
    const profile = await http().get('/api/users/profile').set('Authorization', bearer);
    session = {
      userInfo: JSON.stringify({ ...profile.body, token: login.body.token }),
      token: login.body.token as string,
      expirationTime: String(Date.now() + 86_400_000),
    };

    const products = (await http().get('/api/products?pageSize=24')).body as Array<{ _id: string; countInStock: number; variants?: unknown[]; category: { _id: string } | string }>;
    const simple = products.filter((p) => p.countInStock > 0 && !(p.variants?.length ?? 0));
    expect(simple.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = simple;
    const category = typeof first.category === 'string' ? first.category : first.category._id;
    const [blog] = (await http().get('/api/blogs')).body as Array<{ _id: string }>;
    expect(blog).toBeTruthy();

    // An order of the demo customer, then a cart with something in it and two favourites.
    expect((await http().post('/api/cart').set('Authorization', bearer).send({ productId: first._id, quantity: 1 })).status).toBeLessThan(300);
    const address = { fullName: 'Demo Customer', address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'USA', phone: '+1 555 0100' };
    const order = await http().post('/api/orders').set('Authorization', bearer).send({ shippingAddress: address, paymentMethod: 'cod' });
    expect(order.status).toBe(201);
    expect((await http().post('/api/cart').set('Authorization', bearer).send({ productId: second._id, quantity: 2 })).status).toBeLessThan(300);
    for (const p of [second, third]) expect((await http().post('/api/users/favorites').set('Authorization', bearer).send({ productId: p._id })).status).toBe(200);

    fixtures = { productId: first._id, categoryId: category, blogId: blog._id, orderId: (order.body as { _id: string })._id };
  });

  test.afterAll(async () => {
    await bs?.stop();
  });

  /** A browser context for one viewport, theme and visitor, with the session and the theme in storage before any script runs. */
  async function contextFor(viewport: Viewport, dark: boolean, who: Who): Promise<{ context: BrowserContext; page: Page }> {
    const context = await bs.browser.newContext({ baseURL: bs.baseUrl, viewport: { width: viewport.width, height: viewport.height }, isMobile: viewport.phone, hasTouch: viewport.phone, bypassCSP: true });
    const storage: Record<string, string> = { darkMode: String(dark), ...(who === 'customer' ? session : {}) };
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return { context, page };
  }

  async function checkAll(viewport: Viewport, dark: boolean): Promise<void> {
    const theme = dark ? 'dark' : 'light';
    const findings: Finding[] = [];
    for (const who of ['guest', 'customer'] as const) {
      const { context, page } = await contextFor(viewport, dark, who);
      try {
        for (const row of ROUTES.filter((r) => r.who === who)) {
          const path = typeof row.path === 'function' ? row.path(fixtures) : row.path;
          const where = (state: string) => `${path} (${viewport.name}, ${theme}, ${who}${state ? `, ${state}` : ''})`;
          // Images may still load: axe reads the DOM, and the page's own readiness is what settle() waits for.
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          await settle(page, row);
          findings.push(...(await scan(page, where(''))));
          for (const state of row.states ?? []) {
            await state.act(page);
            await settleAnimations(page);
            findings.push(...(await scan(page, where(state.name))));
            await state.after?.(page);
          }
          if (viewport.phone && row.drawer) {
            await openDrawer(page);
            findings.push(...(await scan(page, where('drawer open'))));
            await closeDrawer(page);
          }
        }
      } finally {
        await context.close();
      }
    }
    if (findings.length > 0) throw new Error(`axe found ${findings.length} violation(s):\n${format(findings)}`);
  }

  for (const viewport of [DESKTOP, PHONE]) {
    for (const dark of [true, false]) {
      test(`has no violation on any route at ${viewport.width}x${viewport.height} in ${dark ? 'dark' : 'light'} mode${viewport.phone ? ', with the drawer open too' : ''}`, async () => {
        await checkAll(viewport, dark);
      });
    }
  }
});
