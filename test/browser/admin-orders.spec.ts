/**
 * Browser journeys through the console's orders (issue #23): search by e-mail, mark paid, cancel with a reason
 * after a confirmation, the actor in the history, internal notes, status tabs with counts, the customer link,
 * the CSV export, and the list at 390 px. Needs the built console (dist/web/admin): `node tools/build.mjs`.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createAccount, type TestAccount, createCategory, createProduct, ADDRESS } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 120_000 });

interface PageStorage {
  setItem(key: string, value: string): void;
}
interface PageGlobals {
  localStorage: PageStorage;
  document: { documentElement: { scrollWidth: number; clientWidth: number } };
}
interface Counts {
  all: number;
  pending: number;
  paid: number;
  shipped: number;
  delivered: number;
  cancelled: number;
}

test.describe('admin console: orders', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let productId: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin', { username: 'Olive Owner' });
    [ann, bob] = await Promise.all([
      createAccount(stack, 'customer', { username: 'Annie Searchable' }),
      createAccount(stack, 'customer', { username: 'Bob Elsewhere' }),
    ]);
    const category = await createCategory(stack, admin, `Socks ${Date.now() % 100000}`);
    productId = (await createProduct(stack, admin, category, { name: 'Wool socks', price: 12, countInStock: 50, quantity: 50 }))._id;
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  async function signedIn(viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
    return consoleSession(browser, stack, admin, { ...viewport, acceptDownloads: true });
  }

  async function placeOrder(customer: TestAccount): Promise<string> {
    await stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId, quantity: 1 }).expect(201);
    const res = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', customer.bearer)
      .send({
        shippingAddress: { ...ADDRESS, fullName: customer.username },
        paymentMethod: 'cod',
      });
    if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  }

  const counts = async (): Promise<Counts> =>
    (await stack.http().get('/api/orders/counts').set('Authorization', admin.bearer).expect(200)).body as Counts;

  test('finds an order by e-mail, marks it paid, cancels it with a reason after a confirmation; the history names the admin', async () => {
    const annOrder = await placeOrder(ann);
    await placeOrder(bob);
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/orderlist`);
    await page.getByText(bob.username).first().waitFor();
    await page.getByPlaceholder('Order number, customer name or e-mail').fill(ann.email);
    await page.getByText(bob.username).waitFor({ state: 'detached' });
    await page.getByText(ann.username).first().click();
    await page.waitForURL(`${base}/admin/orders/${annOrder}/show`);
    await page.getByTestId('order-payment').filter({ hasText: 'Unpaid' }).waitFor();

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByText('Order marked paid').waitFor();
    await page.getByTestId('order-payment').filter({ hasText: 'Paid' }).waitFor();

    // Cancelling asks first; without a reason nothing happens.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Cancel this order?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByText('A reason is required').waitFor();
    expect((await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', admin.bearer).expect(200)).body.status).toBe('paid');
    // "Keep order" closes the dialog and keeps the order.
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', admin.bearer).expect(200)).body.status).toBe('paid');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Customer asked by phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Order cancelled', { exact: true }).waitFor();
    await page.getByTestId('order-status').filter({ hasText: 'Cancelled' }).waitFor();
    await page.getByTestId('cancel-reason').filter({ hasText: 'Customer asked by phone' }).waitFor();

    const history = page.getByTestId('history-entry');
    await history.filter({ hasText: 'Marked paid' }).filter({ hasText: 'by Olive Owner' }).waitFor();
    await history.filter({ hasText: 'Cancelled — Customer asked by phone' }).filter({ hasText: 'by Olive Owner' }).waitFor();
    await history
      .filter({ hasText: 'Status: pending' })
      .filter({ hasText: `by ${ann.username}` })
      .waitFor();

    // An internal note, with its author.
    await page.getByLabel('New note').fill('Refund by bank transfer promised');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Note added', { exact: true }).waitFor();
    await page.getByTestId('order-note').filter({ hasText: 'Refund by bank transfer promised' }).filter({ hasText: 'Olive Owner' }).waitFor();

    const stored = await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', admin.bearer).expect(200);
    // Cancelling a paid order gives the money back in full (issue #38).
    expect(stored.body).toMatchObject({
      status: 'cancelled',
      paymentState: 'refunded',
      refunded: stored.body.paid,
      cancelReason: 'Customer asked by phone',
    });
    const own = await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', ann.bearer).expect(200);
    expect(JSON.stringify(own.body)).not.toContain('bank transfer');
    await context.close();
  });

  test('shows tabs by status with the API counts, and a tab lists its orders only', async () => {
    const expected = await counts();
    expect(expected.cancelled).toBeGreaterThan(0);
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/orderlist`);
    for (const [key, label] of [
      ['all', 'All'],
      ['pending', 'Pending'],
      ['cancelled', 'Cancelled'],
    ] as const) {
      await page.getByRole('tab', { name: `${label} (${expected[key]})` }).waitFor();
    }
    await page.getByRole('tab', { name: `Cancelled (${expected.cancelled})` }).click();
    await page.waitForURL(/filter=.*cancelled/);
    await page.getByText(bob.username).waitFor({ state: 'detached' });
    await page.getByText(ann.username).first().waitFor();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe(`Cancelled (${expected.cancelled})`);
    // The counts follow the search.
    await page.getByRole('tab', { name: /^All/ }).click();
    await page.getByPlaceholder('Order number, customer name or e-mail').fill(bob.email);
    await page.getByRole('tab', { name: 'Cancelled (0)' }).waitFor();
    await page.getByRole('tab', { name: 'Pending (1)' }).waitFor();
    await context.close();
  });

  test("links every order to its customer's page, in the list and on the order", async () => {
    const bobOrder = (
      await stack
        .http()
        .get('/api/orders')
        .query({ filter: JSON.stringify({ q: bob.email }) })
        .set('Authorization', admin.bearer)
        .expect(200)
    ).body[0].id as string;
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/orderlist`);
    const row = page.locator('tr').filter({ hasText: bob.email });
    const link = row.getByTestId('customer-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/admin/customers/${bob.id}/show`);
    expect(await page.getByTestId('customer-link').count()).toBe(await page.locator('tbody tr').count());

    await page.goto(`${base}/admin/orders/${bobOrder}/show`);
    const onOrder = page.getByTestId('customer-link');
    await onOrder.waitFor();
    expect(await onOrder.getAttribute('href')).toBe(`/admin/customers/${bob.id}/show`);
    expect(await onOrder.textContent()).toBe(bob.email);

    // Followed, the link opens the customer's page (issue #23: a customer page reached from an order), which lists
    // this very order among theirs and says who they are.
    await onOrder.click();
    await page.waitForURL(`**/admin/customers/${bob.id}/show`);
    await page.getByTestId(`customer-order-${bobOrder}`).waitFor();
    await page.getByText(bob.email).first().waitFor();
    expect(await page.getByTestId(`customer-order-${bobOrder}`).count()).toBe(1);
    await context.close();
  });

  test('exports the orders as CSV with flat columns', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/orderlist`);
    await page.getByText(bob.username).first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const path = await download.path();
    const lines = readFileSync(path, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const header = lines[0].split(',');
    expect(header).toEqual(expect.arrayContaining(['id', 'number', 'status', 'paymentState', 'customerEmail', 'total', 'cancelReason']));
    const all = await counts();
    expect(lines).toHaveLength(all.all + 1);
    const annLine = lines.find((l) => l.includes(ann.email));
    expect(annLine).toContain('Customer asked by phone');
    expect(annLine).toContain('cancelled');
    await context.close();
  });

  test('is usable at 390 px: a compact list without sideways overflow', async () => {
    await placeOrder(bob);
    const { context, page } = await signedIn({ width: 390, height: 844 });
    await page.goto(`${base}/admin/orderlist`);
    await page.getByText(bob.username).first().waitFor();
    expect(await page.locator('table').count()).toBe(0);
    await page.getByRole('tab', { name: /^All \(\d+\)$/ }).waitFor();
    const width = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // A row opens the order.
    await page.getByText(bob.username).first().click();
    await page.waitForURL(/\/admin\/orders\/[0-9a-f]{24}\/show$/);
    await page.getByRole('button', { name: 'Add note' }).waitFor();
    const orderWidth = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
    expect(orderWidth).toBeLessThanOrEqual(390);
    await context.close();
  });
});
