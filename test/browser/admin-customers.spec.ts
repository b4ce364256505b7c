/**
 * Browser journeys through the console's customers and roles (issue #23): the customers list and a customer's
 * page with their orders, addresses and reviews; a user made distributor after a confirmation; the last admin
 * refused; the users and customers lists at 390 px without sideways overflow. Uses the BUILT console
 * (dist/web/admin): `node tools/build.mjs --if-missing` first.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createAccount, type TestAccount, ADDRESS, insertProduct } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { until } from '../support/polling';
import { consoleSession, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 180_000 });

interface PageStorage {
  setItem(key: string, value: string): void;
}
type PageGlobals = { localStorage: PageStorage; document: { documentElement: { scrollWidth: number } } };

test.describe('admin console: customers and roles', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let paidOrder: string;
  let pendingOrder: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin', { username: 'Olive Owner' });
    ann = await createAccount(stack, 'customer', { username: 'Ann Shopper' });
    bob = await createAccount(stack, 'customer', { username: 'Bob Newcomer' });

    const shirt = await insertProduct(stack, { name: 'Linen Shirt', priceCents: 2500, countInStock: 20 });
    const order = async (quantity: number): Promise<string> => {
      await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId: shirt.id, quantity }).expect(201);
      const res = await stack
        .http()
        .post('/api/orders')
        .set('Authorization', ann.bearer)
        .send({ shippingAddress: { ...ADDRESS, fullName: 'Ann Shopper' }, paymentMethod: 'cod' })
        .expect(201);
      return res.body.id as string;
    };
    paidOrder = await order(2);
    pendingOrder = await order(1);
    await stack.http().post(`/api/orders/${paidOrder}/mark-paid`).set('Authorization', admin.bearer).expect(200);
    await stack
      .http()
      .post(`/api/products/${shirt.id}/reviews`)
      .set('Authorization', ann.bearer)
      .send({ rating: 5, comment: 'Soft and cool' })
      .expect(201);
    await stack.http().post('/api/newsletter/subscribe').send({ email: ann.email }).expect(201);
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  async function signedIn(account: TestAccount, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
    return consoleSession(browser, stack, account, { ...viewport, acceptDownloads: true });
  }

  const scrollWidth = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
  const userFlags = async (id: string) =>
    (await stack.http().get(`/api/users/${id}`).set('Authorization', admin.bearer).expect(200)).body as { isAdmin: boolean; isDistributor: boolean };

  test('lists customers with orders, paid-only total and newsletter, searches, exports CSV, and opens a customer page with orders, addresses and reviews', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/customers`);
    await page.getByRole('columnheader', { name: 'Total spent' }).waitFor();
    const rows = page.locator('tbody tr');
    const onlyRow = async (name: string) => {
      await until(
        async () => ((await rows.count()) === 1 && (await rows.first().innerText()).includes(name) ? true : undefined),
        15_000,
        `${name} alone in the list`,
      );
      return rows.first();
    };
    // Sorted by total spent, highest first (a second click on the header): Ann, the one who paid, on top.
    await page.getByRole('columnheader', { name: 'Total spent' }).getByRole('button').click();
    await page.waitForURL(/sort=totalSpent/);
    await page.getByRole('columnheader', { name: 'Total spent' }).getByRole('button').click();
    await page.waitForURL(/sort=totalSpent.*order=DESC|order=DESC.*sort=totalSpent/);
    await until(
      async () => ((await rows.first().innerText()).includes('Ann Shopper') ? true : undefined),
      15_000,
      'Ann Shopper first by total spent',
    );
    // Search by name, then filter to the customers with orders.
    await page.getByPlaceholder('Name or e-mail').fill('newcomer');
    await onlyRow('Bob Newcomer');
    // The list's filter (which the export uses) is the URL's. The search box clears after a debounce: wait for
    // that before picking "Has orders", or the late clearing can replace the pick.
    const filterOf = (url: URL) => JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
    await page.getByPlaceholder('Name or e-mail').fill('');
    await page.waitForURL((url) => !filterOf(url).q);
    await page.getByRole('combobox', { name: 'Has orders' }).click();
    await page.getByRole('option', { name: 'Yes' }).click();
    await page.waitForURL((url) => filterOf(url).hasOrders !== undefined && !filterOf(url).q);
    const row = await onlyRow('Ann Shopper');
    // Two orders; only the paid one ($50.00) counts as spent, the pending cash-on-delivery order ($25.00) does not.
    expect(await row.innerText()).toMatch(/\b2\b[\s\S]*\$50\.00/);
    await row.getByRole('img', { name: 'Subscribed' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,username,email,ordersCount,totalSpent,lastOrderAt,newsletter,isAdmin,isDistributor,createdAt');
    expect(csv).toContain(`${ann.id},Ann Shopper,${ann.email},2,50.00,`);
    expect(csv).not.toContain(bob.email);

    await row.click();
    await page.waitForURL(`${base}/admin/customers/${ann.id}/show`);
    await page.getByRole('heading', { name: 'Ann Shopper', level: 1 }).waitFor();
    expect(await page.getByTestId('figure-total-spent').innerText()).toBe('$50.00');
    expect(await page.getByTestId('figure-orders').innerText()).toBe('2');
    await page.getByTestId(`customer-order-${pendingOrder}`).waitFor();
    const addresses = page.getByRole('region', { name: 'Addresses' });
    await addresses.getByText('1 Main Street, 12345 Springfield, US', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Reviews' }).getByText('Soft and cool', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Reviews' }).getByText('Linen Shirt').waitFor();

    await page.getByTestId(`customer-order-${paidOrder}`).click();
    await page.waitForURL(`${base}/admin/orders/${paidOrder}/show`);
    await page.getByRole('heading', { name: `Order #${paidOrder.slice(-8).toUpperCase()}`, level: 1 }).waitFor();
    await context.close();
  });

  test('makes a user distributor from their page after a confirmation, and a cancelled confirmation changes nothing', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/userlist`);
    await page.getByTestId(`user-row-${bob.id}`).getByRole('link', { name: 'Bob Newcomer' }).click();
    await page.waitForURL(`${base}/admin/customers/${bob.id}/show`);
    await page.getByRole('heading', { name: 'Bob Newcomer', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Make admin' }).click();
    const adminDialog = page.getByRole('dialog');
    await adminDialog.getByText('Make Bob Newcomer an admin?').waitFor();
    await adminDialog.getByRole('button', { name: 'Cancel' }).click();
    await adminDialog.waitFor({ state: 'hidden' });
    expect(await userFlags(bob.id)).toEqual(expect.objectContaining({ isAdmin: false, isDistributor: false }));

    await page.getByRole('button', { name: 'Make distributor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Make Bob Newcomer a distributor?').waitFor();
    await dialog.getByRole('button', { name: 'Make distributor' }).click();
    await page.getByText('Bob Newcomer is now a distributor').waitFor();
    await page.getByTestId('customer-roles').getByText('Distributor').waitFor();
    await page.getByRole('button', { name: 'Revoke distributor' }).waitFor();
    expect(await userFlags(bob.id)).toEqual(expect.objectContaining({ isAdmin: false, isDistributor: true }));
    await context.close();
  });

  test('refuses to demote the last admin before any confirm, saying why', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/customers/${admin.id}/show`);
    await page.getByRole('heading', { name: 'Olive Owner', level: 1 }).waitFor();
    const revoke = page.getByRole('button', { name: 'Revoke admin' });
    await expect(page.getByTestId('last-admin-note')).toHaveText('The last admin cannot be demoted: make another user admin first');
    await expect(revoke).toBeDisabled();
    await expect(revoke).toHaveAccessibleDescription('The last admin cannot be demoted: make another user admin first');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await userFlags(admin.id)).isAdmin).toBe(true);
    await page.getByTestId('customer-roles').getByText('Admin').waitFor();
    await context.close();
  });

  test('shows the users and customers lists at 390 px without sideways overflow, as compact rows that open the user page', async () => {
    const { context, page } = await signedIn(admin, { width: 390, height: 844 });
    await page.goto(`${base}/admin/userlist`);
    await page.getByText(ann.email).waitFor();
    await page.getByText(bob.email).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.getByText(ann.email).click();
    await page.waitForURL(`${base}/admin/customers/${ann.id}/show`);
    await page.getByRole('heading', { name: 'Ann Shopper', level: 1 }).waitFor();
    await page.getByTestId(`customer-order-${paidOrder}`).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    await page.goto(`${base}/admin/customers`);
    await page.getByText('2 orders · $50.00 spent · newsletter').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
