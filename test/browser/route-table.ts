import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { DEMO_ACCOUNTS as DemoAccounts } from '../../libs/seed/src/seed.service';
import { scrollThrough, startBrowserStack, waitForTakeover, type BrowserStack } from './browser-support';
import { fromApiBuild } from './built-stack';

/**
 * The storefront's route table as the browser specs walk it (issues #22 and #42): every route with a demo record
 * where it needs one, opened by a guest or by the demo customer. The axe sweep, the width sweep and the
 * no-script check all use it; to cover a new screen, add a row to ROUTES.
 */

// Globals of the page, for the callbacks run inside it (this program has no DOM lib).
declare const document: {
  querySelector(selector: string): unknown;
  getAnimations(): Array<{ playState: string; effect: { getTiming(): { iterations: number; duration: number | string } } | null }>;
};
declare const localStorage: { setItem(key: string, value: string): void };

export const { DEMO_ACCOUNTS } = fromApiBuild<{ DEMO_ACCOUNTS: typeof DemoAccounts }>('libs/seed/src/seed.service');

/** Ids of demo records the routes need, found through the API before the browser starts. */
export interface Fixtures {
  productId: string;
  /** A product with sizes or colours to choose (their buttons are checked too). */
  variantProductId: string;
  productName: string;
  variantProductName: string;
  blogTitle: string;
  categoryId: string;
  blogId: string;
  orderId: string;
}

export type Who = 'guest' | 'customer';

export interface RouteCase {
  /** The path to open (a function when it needs a demo record's id). */
  path: string | ((f: Fixtures) => string);
  /** Who opens it: a guest, or the demo customer (signed in) for the protected pages and the signed-in menu. */
  who: Who;
  /** The page's h1 in the HTML the server sends a guest (before any script runs). */
  heading: string | ((f: Fixtures) => string);
  /** A selector that shows the page has its data, besides its h1 (which every page has). */
  ready?: string;
  /** Parts of the page render only near the viewport (the home page's rails): scroll through it before the scan. */
  lazy?: boolean;
  /** On phones, also check the page with the side drawer open (rows whose menu item is the active one). */
  drawer?: boolean;
  /** Where the visitor ends up when it is not `path` (a redirect, such as a guest sent to /login). */
  redirectsTo?: RegExp;
  /** The HTTP status of the page when it is not 200: 404 for an address that is nothing (the page says so too). */
  status?: 404;
  /** Further states of the page to check after its first one (tabs, dialogs, forms with errors...). */
  states?: Array<{ name: string; act(page: Page): Promise<void>; after?(page: Page): Promise<void> }>;
}

export const PRODUCT_CARD = '[data-testid="product-card"]';
/** The home page's carousel (its product grid shows on extra-large screens only). */
export const CAROUSEL = '[data-testid="carousel-track"]';

export const ROUTES: RouteCase[] = [
  // Public pages.
  { path: '/', heading: 'Shop the Latest Styles, Anytime', who: 'guest', ready: CAROUSEL, drawer: true, lazy: true },
  { path: '/search/shirt', heading: 'Results for “shirt”', who: 'guest' },
  {
    path: '/shop',
    heading: 'Shop',
    who: 'guest',
    ready: PRODUCT_CARD,
    drawer: true,
    states: [
      {
        // Phones: the filter drawer with its facets and counts (on wide screens they are the side panel, scanned already).
        name: 'filter drawer open',
        act: async (p: Page) => {
          const button = p.getByRole('button', { name: /^Filters \(\d+\)$/ });
          if (!(await button.isVisible())) return;
          await button.click();
          await p.getByRole('dialog', { name: 'Filters' }).getByTestId('facet-size').getByRole('checkbox').first().waitFor();
        },
        after: async (p: Page) => {
          const dialog = p.getByRole('dialog', { name: 'Filters' });
          if (!(await dialog.isVisible())) return;
          await p.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
        },
      },
    ],
  },
  { path: '/Shop/search/scarf', heading: 'Shop', who: 'guest' },
  // A search that finds nothing: 'No products found.' and the popular products instead (issue #39).
  { path: '/shop?search=qwxzv', heading: 'Shop', who: 'guest', ready: '[data-testid="popular-grid"] [data-testid="product-card"]' },
  // Filtered by every kind of facet at once: the panel's ticked values, counts and the narrowed grid.
  { path: '/shop?inStock=1&price=2&sort=price_asc', heading: 'Shop', who: 'guest', ready: PRODUCT_CARD },
  { path: (f) => `/Shop/category/${f.categoryId}`, heading: 'Shop', who: 'guest', ready: PRODUCT_CARD },
  { path: (f) => `/shop/${f.categoryId}`, heading: 'Shop', who: 'guest', ready: PRODUCT_CARD },
  { path: (f) => `/product/${f.productId}`, heading: (f) => f.productName, who: 'guest', ready: 'text=Customer reviews' },
  { path: (f) => `/product/${f.variantProductId}`, heading: (f) => f.variantProductName, who: 'guest', ready: 'text=Customer reviews' },
  { path: '/specialshop', heading: 'Special Products', who: 'guest', ready: PRODUCT_CARD },
  { path: '/offers', heading: 'Deals and offers', who: 'guest' },
  { path: '/contributors', heading: 'Meet our Contributors', who: 'guest' },
  {
    path: '/faq',
    heading: 'Frequently asked questions',
    who: 'guest',
    states: [{ name: 'an answer open', act: (p) => p.getByRole('button', { name: 'How do I pay?' }).click() }],
  },
  { path: '/contact', heading: 'Contact Us', who: 'guest' },
  { path: '/termsAndConditions', heading: 'Terms and Conditions', who: 'guest' },
  { path: '/shipping', heading: 'Shipping Policy', who: 'guest' },
  { path: '/returns', heading: 'Returns and Refunds', who: 'guest' },
  { path: '/help', heading: 'Help Center', who: 'guest' },
  { path: '/blog', heading: 'Blog', who: 'guest', ready: '[data-testid="blog-card"]' },
  { path: '/blogs', heading: 'Blog', who: 'guest', ready: '[data-testid="blog-card"]', drawer: true },
  { path: (f) => `/blog/${f.blogId}`, heading: (f) => f.blogTitle, who: 'guest' },
  { path: '/blog/some-slug', heading: 'Page Under Construction', who: 'guest', status: 404 },
  {
    path: '/login',
    heading: 'Sign In',
    who: 'guest',
    drawer: true,
    states: [
      {
        name: 'refused empty form (toast)',
        act: (p) =>
          p
            .getByRole('button', { name: 'Sign In' })
            .click()
            .then(() => p.locator('.Toastify__toast').first().waitFor()),
      },
    ],
  },
  { path: '/register', heading: 'Create Account', who: 'guest', drawer: true },
  { path: '/distributor/login', heading: 'Distributor Sign In', who: 'guest' },
  { path: '/distributor/register', heading: 'Become a Distributor', who: 'guest' },
  { path: '/forgot-password', heading: 'Forgot Password', who: 'guest' },
  { path: '/reset-password/not-a-real-token', heading: 'Choose a New Password', who: 'guest' },
  { path: '/verify-deletion/not-a-real-token', heading: 'Delete your account', who: 'guest' },
  { path: '/no/such/page', heading: 'Page Under Construction', who: 'guest', status: 404 },
  // A signed-in page opened by a guest: sent on to /login (the header's links after a redirect).
  { path: '/cart', heading: 'Shopping Cart', who: 'guest', redirectsTo: /\/login\?redirect=%2Fcart$/ },
  // Signed in as the demo customer.
  { path: '/', heading: 'Shop the Latest Styles, Anytime', who: 'customer', ready: CAROUSEL, drawer: true, lazy: true },
  { path: (f) => `/product/${f.productId}`, heading: (f) => f.productName, who: 'customer', ready: 'text=Customer reviews' },
  { path: '/favorite', heading: 'Favorites', who: 'customer', ready: '[data-testid="favorite-item"]', drawer: true },
  { path: '/cart', heading: 'Shopping Cart', who: 'customer', ready: '[data-testid="cart-line"]', drawer: true },
  {
    path: '/checkout',
    heading: 'Checkout',
    who: 'customer',
    ready: '[data-testid="saved-address"]',
    states: [
      {
        name: 'new address refused (every field marked)',
        act: (p: Page) =>
          p
            .getByRole('radio', { name: 'Use a new address' })
            .check()
            .then(() => p.getByRole('textbox', { name: /^Full name/ }).fill(''))
            .then(() => p.getByRole('button', { name: 'Place order' }).click())
            .then(() => p.locator('[aria-invalid="true"]').nth(5).waitFor()),
      },
    ],
  },
  { path: '/user-orders', heading: 'My Orders', who: 'customer', ready: '[data-testid="order-row"]' },
  {
    path: (f) => `/order/${f.orderId}`,
    heading: 'Order',
    who: 'customer',
    ready: '[data-testid="order-status"]',
    states: [
      {
        name: 'cancel confirmation',
        act: (p: Page) =>
          p
            .getByRole('button', { name: 'Cancel order' })
            .click()
            .then(() => p.getByRole('dialog', { name: /^Cancel order/ }).waitFor()),
        after: (p: Page) => p.keyboard.press('Escape').then(() => p.getByRole('dialog').waitFor({ state: 'hidden' })),
      },
    ],
  },
  {
    path: '/profile',
    heading: 'My Account',
    who: 'customer',
    drawer: true,
    states: [
      {
        name: 'address book form',
        act: (p: Page) =>
          p
            .getByRole('button', { name: 'Add address' })
            .click()
            .then(() => p.getByRole('form', { name: 'New address' }).waitFor()),
      },
      ...['Security', 'Orders', 'Settings'].map((tab) => ({ name: `tab ${tab}`, act: (p: Page) => p.getByRole('tab', { name: tab }).click() })),
      {
        name: 'delete dialog',
        act: (p: Page) =>
          p
            .getByRole('button', { name: 'Delete account' })
            .click()
            .then(() => p.getByRole('dialog', { name: 'Delete your account?' }).waitFor()),
        after: (p: Page) => p.keyboard.press('Escape').then(() => p.getByRole('dialog').waitFor({ state: 'hidden' })),
      },
    ],
  },
];

export interface Viewport {
  name: string;
  width: number;
  height: number;
  phone: boolean;
}

export const DESKTOP: Viewport = { name: 'desktop', width: 1440, height: 900, phone: false };
export const PHONE: Viewport = { name: 'mobile', width: 390, height: 844, phone: true };

/**
 * Waits until the page shows its data: React has taken the prerendered HTML over (it is inert until then), the
 * page's h1 and the row's own marker show, a lazy page has been scrolled through, no skeleton or spinner is left and no finite animation runs.
 */
export async function settle(page: Page, row: Pick<RouteCase, 'ready' | 'lazy' | 'redirectsTo'>): Promise<void> {
  if (row.redirectsTo) await page.waitForURL(row.redirectsTo);
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
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const timing = a.effect?.getTiming();
      return a.playState !== 'running' || !timing || timing.iterations === Infinity || Number(timing.duration) > 2000;
    }),
  );
}

export function pathOf(row: RouteCase, fixtures: Fixtures): string {
  return typeof row.path === 'function' ? row.path(fixtures) : row.path;
}

/** The demo customer's stored session (what the storefront keeps after signing in). */
export type Session = Record<string, string>;

/**
 * The demo records the routes need, made through the API: an order of the demo customer, then a cart with
 * something in it and two favourites; and the customer's session for the signed-in rows.
 */
export async function prepareRoutes(bs: BrowserStack): Promise<{ fixtures: Fixtures; session: Session }> {
  const http = () => bs.stack.http();
  const { email, password } = DEMO_ACCOUNTS.customer;
  const login = await http().post('/api/users/auth').send({ email, password });
  expect(login.status).toBe(200);
  const bearer = `Bearer ${login.body.token as string}`;
  const profile = await http().get('/api/users/profile').set('Authorization', bearer);
  const session = {
    userInfo: JSON.stringify({ ...profile.body, token: login.body.token }),
    token: login.body.token as string,
    expirationTime: String(Date.now() + 86_400_000),
  };

  const products = (await http().get('/api/products?pageSize=48')).body as Array<{
    _id: string;
    name: string;
    countInStock: number;
    variants?: unknown[];
    category: { _id: string } | string;
  }>;
  const simple = products.filter((p) => p.countInStock > 0 && !(p.variants?.length ?? 0));
  expect(simple.length).toBeGreaterThanOrEqual(3);
  const withVariants = products.find((p) => p.countInStock > 0 && (p.variants?.length ?? 0) > 1);
  expect(withVariants).toBeTruthy();
  const [first, second, third] = simple;
  const category = typeof first.category === 'string' ? first.category : first.category._id;
  const [blog] = (await http().get('/api/blogs')).body as Array<{ _id: string; title: string }>;
  expect(blog).toBeTruthy();

  expect((await http().post('/api/cart').set('Authorization', bearer).send({ productId: first._id, quantity: 1 })).status).toBeLessThan(300);
  const address = {
    fullName: 'Demo Customer',
    address: '1 Main Street',
    city: 'Springfield',
    postalCode: '12345',
    country: 'US',
    phone: '+12015550123',
  };
  const order = await http().post('/api/orders').set('Authorization', bearer).send({ shippingAddress: address, paymentMethod: 'cod' });
  expect(order.status).toBe(201);
  expect((await http().post('/api/cart').set('Authorization', bearer).send({ productId: second._id, quantity: 2 })).status).toBeLessThan(300);
  for (const p of [second, third])
    expect((await http().post('/api/users/favorites').set('Authorization', bearer).send({ productId: p._id })).status).toBe(200);

  const variant = withVariants as { _id: string; name: string };
  const fixtures = {
    productId: first._id,
    productName: first.name,
    variantProductId: variant._id,
    variantProductName: variant.name,
    blogTitle: blog.title,
    categoryId: category,
    blogId: blog._id,
    orderId: (order.body as { _id: string })._id,
  };
  return { fixtures, session };
}

export interface RouteSweep {
  bs: BrowserStack;
  fixtures: Fixtures;
  session: Session;
}

/**
 * For a describe block that walks the route table: a shop with the routes' records, made before the block's
 * tests (once per worker) and stopped after them. Its fields are set once the tests run.
 */
export function routeSweepStack(): RouteSweep {
  const sweep = {} as RouteSweep;
  test.beforeAll(async ({ browser }) => {
    sweep.bs = await startBrowserStack(browser);
    Object.assign(sweep, await prepareRoutes(sweep.bs));
  });
  test.afterAll(async () => {
    await sweep.bs?.stop();
  });
  return sweep;
}

/** A browser context for one viewport, theme and visitor, with the session and the theme in storage before any script runs. */
export async function contextFor(
  bs: BrowserStack,
  viewport: Viewport,
  dark: boolean,
  who: Who,
  session: Session,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await bs.browser.newContext({
    baseURL: bs.baseUrl,
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.phone,
    hasTouch: viewport.phone,
    bypassCSP: true,
  });
  const storage: Record<string, string> = { darkMode: String(dark), ...(who === 'customer' ? session : {}) };
  await context.addInitScript((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}
