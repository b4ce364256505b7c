import { expect, test } from '@playwright/test';
import { createAccount } from '../support/fixtures';
import {
  clientNavigate,
  isDark,
  newPage,
  signInByStorage,
  snap,
  startBrowserStack,
  storageItem,
  waitForTakeover,
  type BrowserStack,
} from './browser-support';

test.describe.configure({ timeout: 120_000 });

/** Journeys 4, 6 and 7: dark mode survives a reload, admin links for admins only, unknown paths. */
test.describe('storefront shell (browser)', () => {
  let bs: BrowserStack;
  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  test('shows the home page in dark mode by default, and light mode survives a reload', async () => {
    const { context, page } = await newPage(bs);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Shop the Latest Styles, Anytime' }).waitFor();
    expect(await isDark(page)).toBe(true);
    await page.getByRole('link', { name: 'Start Shopping' }).waitFor();
    await page.locator('[data-testid="carousel-track"]').waitFor();
    await snap(page, 'home-dark');
    await page.getByRole('button', { name: 'Light Mode' }).click();
    expect(await isDark(page)).toBe(false);
    expect(await storageItem(page, 'darkMode')).toBe('false');
    await page.reload();
    await page.getByRole('button', { name: 'Dark Mode' }).waitFor();
    expect(await isDark(page)).toBe(false);
    await snap(page, 'home-light');
    await context.close();
  });

  test('shows the New arrivals and Top rated rails and the hero pictures at a laptop width, where the xl-only grid stays hidden', async () => {
    const newest = (await bs.stack.http().get('/api/products/new?limit=8').expect(200)).body as Array<{ _id: string; name: string }>;
    const top = (await bs.stack.http().get('/api/products/top?limit=8').expect(200)).body as Array<{ _id: string; name: string }>;
    const { context, page } = await newPage(bs, { width: 1280, height: 800 });
    await page.goto('/');
    const arrivals = page.getByRole('region', { name: 'New arrivals products' });
    const rated = page.getByRole('region', { name: 'Top rated products' });
    // Each rail loads and renders its cards as the visitor scrolls near it.
    await arrivals.scrollIntoViewIfNeeded();
    await arrivals.getByTestId('product-card').first().waitFor();
    await rated.scrollIntoViewIfNeeded();
    await rated.getByTestId('product-card').first().waitFor();
    // The rails show the API's newest and top products, in its order.
    const names = async (rail: typeof arrivals) =>
      (await rail.getByTestId('product-card').getByRole('heading', { level: 3 }).allInnerTexts()).map((t) => t.trim());
    expect(await names(arrivals)).toEqual(newest.map((p) => p.name));
    expect(await names(rated)).toEqual(top.map((p) => p.name));
    // The hero leads with pictures of the top products.
    expect(await page.getByTestId('hero-mosaic').getByRole('img').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('home-grid').isVisible()).toBe(false);
    // A rail's card opens its product.
    await arrivals.getByTestId('product-card').first().getByRole('link').first().click();
    await page.waitForURL((u) => u.pathname === `/product/${newest[0]._id}`);
    await context.close();
  });

  test("on a phone, asks for a rail's products only as the visitor scrolls near it, then shows them", async () => {
    const newest = (await bs.stack.http().get('/api/products/new?limit=8').expect(200)).body as Array<{ name: string }>;
    const { context, page } = await newPage(bs, { width: 390, height: 844 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/products/new') asked.push(r.url());
    });
    await page.goto('/');
    await waitForTakeover(page);
    await page.getByRole('heading', { name: 'Featured' }).waitFor();
    const arrivals = page.getByRole('region', { name: 'New arrivals products' });
    expect(await arrivals.getByTestId('product-skeleton').count()).toBeGreaterThan(0);
    expect(asked).toEqual([]);
    await arrivals.scrollIntoViewIfNeeded();
    await arrivals.getByTestId('product-card').first().waitFor();
    expect(asked).toHaveLength(1);
    expect((await arrivals.getByTestId('product-card').getByRole('heading', { level: 3 }).allInnerTexts()).map((t) => t.trim())).toEqual(
      newest.map((p) => p.name),
    );
    await context.close();
  });

  test("shows 'Page Under Construction' with a Return Home link on an unknown path and a blog slug, both answering 404 (noindex)", async () => {
    const { context, page } = await newPage(bs);
    const unknown = await page.goto('/no/such/page');
    expect([unknown?.status(), unknown?.headers()['x-robots-tag']]).toEqual([404, 'noindex']);
    await page.getByRole('heading', { name: 'Page Under Construction' }).waitFor();
    const slug = await page.goto('/blog/some-slug');
    expect(slug?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Under Construction' }).waitFor();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Shop the Latest Styles, Anytime' }).waitFor();
    await context.close();
  });

  test("an unknown product answers 404 (noindex) with the product page's 'Error: Product not found'", async () => {
    const { context, page } = await newPage(bs);
    // Console errors other than the 404 answers themselves (a hydration mismatch would be one).
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto('/product/0123456789abcdef01234567');
    expect([res?.status(), res?.headers()['x-robots-tag']]).toEqual([404, 'noindex']);
    // The server's HTML says it, and React takes that HTML over as it is.
    expect(await res?.text()).toContain('Error: <!-- -->Product not found');
    await waitForTakeover(page);
    await expect(page.getByRole('alert')).toHaveText('Error: Product not found');
    await expect(page).toHaveTitle('Product not found · Threadline');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('shows admin links to admins only (the dashboard only on large screens)', async () => {
    const customer = await createAccount(bs.stack, 'customer');
    const admin = await createAccount(bs.stack, 'admin');

    const guest = await newPage(bs);
    await guest.page.goto('/');
    await guest.page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await guest.page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    await guest.context.close();

    const c = await newPage(bs);
    await signInByStorage(bs, c.page, customer);
    await c.page.goto('/');
    await c.page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await c.page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    // A customer sent to /admin lands on /login.
    await c.page.goto('/shop');
    // Client-side navigation to /admin (a typed URL would be served by the console itself).
    await clientNavigate(c.page, '/admin/userlist');
    await c.page.waitForURL((u) => u.pathname === '/login');
    await c.context.close();

    const a = await newPage(bs);
    await signInByStorage(bs, a.page, admin);
    await a.page.goto('/');
    const adminNav = a.page.getByRole('navigation', { name: 'Admin' });
    await adminNav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await adminNav.getByRole('link').count()).toBe(1);
    expect(await adminNav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
    await a.context.close();

    const small = await newPage(bs, { width: 600, height: 900 });
    await signInByStorage(bs, small.page, admin);
    await small.page.goto('/');
    await small.page.getByRole('button', { name: 'Open menu' }).click();
    const drawerAdmin = small.page.getByRole('navigation', { name: 'Admin' });
    await drawerAdmin.getByRole('link', { name: 'Manage Users' }).waitFor();
    expect(await drawerAdmin.getByRole('link').count()).toBe(5);
    await snap(small.page, 'drawer-admin');
    await small.context.close();
  });
});
