/**
 * Browser journeys through the admin console (/admin), driven with playwright-core in Debian's Chromium
 * against the real API (embedded engine + real Redis) serving the built console from dist/web/admin.
 * Build it first: `node tools/build.mjs` (npm test builds everything).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { createAccount, type TestAccount, createCategory, createProduct, pngImage, ADDRESS } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, guestSession, SHOP_LOAD_TIMEOUT_MS, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.ADMIN_SCREENSHOTS_DIR;

/** The page's localStorage, typed here because the server tsconfig has no DOM lib. */
interface PageStorage {
  getItem(key: string): string | null;
}
type PageGlobals = { localStorage: PageStorage };

interface PlacedOrder {
  id: string;
  total: number;
}

test.describe('admin console in the browser', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  /** Customers (not admins, not distributors) who exist, for the dashboard's "new customers". */
  let customers = 0;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin');
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  /** A browser context signed in as `account`, with the storefront's storage keys (token, userInfo, expirationTime). */
  async function signedIn(account: TestAccount | null): Promise<{ context: BrowserContext; page: Page }> {
    return account ? consoleSession(browser, stack, account) : guestSession(browser);
  }

  async function shot(page: Page, name: string): Promise<void> {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  async function placeOrder(customer: TestAccount, productId: string, quantity: number): Promise<PlacedOrder> {
    await stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId, quantity }).expect(201);
    const res = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', customer.bearer)
      .send({
        shippingAddress: { ...ADDRESS, fullName: customer.username },
        paymentMethod: 'cod',
      });
    if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.id, total: res.body.total };
  }

  test('1. an admin creates a category, then a product with an image, goes to the shop home page which says "Product added successfully!" and shows it, and finds it in All Products', async () => {
    const { context, page } = await signedIn(admin);
    const category = `Knitwear ${Date.now() % 100000}`;
    await page.goto(`${base}/admin/categorylist`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Category name is required').waitFor();
    await page.getByLabel('Category name').fill(category);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(`${category} is created.`).waitFor();
    await page.getByRole('button', { name: category, exact: true }).waitFor();
    await shot(page, 'categories');

    await page.goto(`${base}/admin/productlist`);
    await page.getByRole('heading', { name: 'Create Product', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please fill out all fields.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Merino crew jumper');
    await page.getByLabel('Price', { exact: true }).fill('89.5');
    await page.getByLabel('Quantity', { exact: true }).fill('7');
    await page.getByLabel('Brand', { exact: true }).fill('Threadline');
    await page.getByLabel('Description', { exact: true }).fill('A fine merino wool jumper. '.repeat(10));
    await page.getByLabel('Count In Stock', { exact: true }).fill('7');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: category }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please upload an image.').waitFor();
    await page
      .locator('input[data-testid="product-image"]')
      .setInputFiles({ name: 'jumper.png', mimeType: 'image/png', buffer: await pngImage(320, 320) });
    await shot(page, 'product-create');
    await page.getByRole('button', { name: 'Submit' }).click();

    // On success the console goes to the shop's / (the spec), which shows 'Product added successfully!' (issue
    // #23, defect 4) and the new product.
    // The shop's own text is the signal that it is there (not its 'load' event, which waits for every picture).
    await page.waitForURL(`${base}/`, { waitUntil: 'domcontentloaded', timeout: SHOP_LOAD_TIMEOUT_MS });
    await page.getByText('Product added successfully!').waitFor({ timeout: SHOP_LOAD_TIMEOUT_MS });
    await page.getByText('Merino crew jumper').first().waitFor();
    await page.goto(`${base}/admin/allproductslist`);
    const card = page.getByTestId('product-card').filter({ hasText: 'Merino crew jumper' });
    await card.waitFor();
    await page.getByTestId('all-products-heading').filter({ hasText: 'All Products (1)' }).waitFor();
    expect(await card.getByText('$89.50').count()).toBe(1);
    await shot(page, 'all-products');

    const list = await stack.http().get('/api/products').set('Authorization', admin.bearer).expect(200);
    const created = (list.body as Array<{ name: string; image: string; category: { name: string }; price: number }>).find(
      (p) => p.name === 'Merino crew jumper',
    );
    expect(created).toMatchObject({ price: 89.5, category: { name: category } });
    expect(created?.image).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);
    const image = await stack.http().get(created!.image).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    await context.close();
  });

  test("2. the admin approves a distributor's pending product, which then shows in the shop", async () => {
    const distributor = await createAccount(stack, 'distributor');
    const category = await createCategory(stack, admin, `Hats ${Date.now() % 100000}`);
    const pending = await createProduct(stack, distributor, category, { name: 'Wool beanie' });
    expect(pending.status).toBe('pending');
    const before = await stack.http().get('/api/products').expect(200);
    expect((before.body as Array<{ name: string }>).map((p) => p.name)).not.toContain('Wool beanie');

    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/moderation`);
    const card = page.getByTestId('pending-product').filter({ hasText: 'Wool beanie' });
    await card.waitFor();
    await shot(page, 'moderation');
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Wool beanie is approved').waitFor();
    await card.waitFor({ state: 'detached' });

    const after = await stack.http().get('/api/products').expect(200);
    expect((after.body as Array<{ name: string; status: string }>).find((p) => p.name === 'Wool beanie')).toMatchObject({ status: 'published' });
    await context.close();
  });

  let shippedOrder: PlacedOrder;
  let pendingOrder: PlacedOrder;

  test('3. the admin marks an order shipped with a tracking number', async () => {
    const category = await createCategory(stack, admin, `Scarves ${Date.now() % 100000}`);
    const scarf = await createProduct(stack, admin, category, { name: 'Silk scarf', price: 24.5, countInStock: 20, quantity: 20 });
    const ann = await createAccount(stack, 'customer');
    const bob = await createAccount(stack, 'customer');
    customers += 2;
    shippedOrder = await placeOrder(ann, scarf._id, 2);
    pendingOrder = await placeOrder(bob, scarf._id, 1);

    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/orderlist`);
    await page.getByText(ann.username).first().waitFor();
    await shot(page, 'orders');
    await page.getByText(ann.username).first().click();
    await page.waitForURL(`${base}/admin/orders/${shippedOrder.id}/show`);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByText('Order marked paid').waitFor();
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await page.getByRole('button', { name: 'Ship' }).click();
    await page.getByText('The tracking number is required').waitFor();
    await page.getByRole('combobox', { name: 'Carrier' }).fill('UPS');
    await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await page.getByRole('button', { name: 'Ship' }).click();
    await page.getByText('Order marked shipped').waitFor();
    await page.getByTestId('order-tracking').filter({ hasText: '1Z999AA10123456784' }).waitFor();
    await page.getByTestId('order-status').filter({ hasText: 'Shipped' }).waitFor();
    await page.getByRole('button', { name: 'Mark delivered' }).waitFor();
    expect(await page.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await shot(page, 'order-shipped');

    const order = await stack.http().get(`/api/orders/${shippedOrder.id}`).set('Authorization', admin.bearer).expect(200);
    expect(order.body).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456784' });
    await context.close();
  });

  test("shows dashboard figures that match the test's orders", async () => {
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/dashboard`);
    // Revenue counts paid orders only: the shipped one was paid, the pending cash-on-delivery one was not.
    expect(pendingOrder.total).toBeGreaterThan(0);
    const revenue = shippedOrder.total;
    await page
      .getByTestId('stat-revenue')
      .filter({ hasText: `$${revenue.toFixed(2)}` })
      .waitFor();
    expect(await page.getByTestId('stat-pending-orders').textContent()).toBe('1');
    expect(await page.getByTestId('stat-total-orders').textContent()).toBe('2');
    expect(await page.getByTestId('stat-new-customers').textContent()).toBe(String(customers));
    expect(await page.getByTestId('orders-shipped').getAttribute('data-count')).toBe('1');
    expect(await page.getByTestId('orders-pending').getAttribute('data-count')).toBe('1');
    await page
      .getByTestId('sales-30-days')
      .filter({ hasText: `$${revenue.toFixed(2)} from 1 paid order` })
      .waitFor();
    await page.getByText('Silk scarf').first().waitFor();
    await shot(page, 'dashboard');
    await context.close();
  });

  test('4. the admin edits a user inline', async () => {
    const carol = await createAccount(stack, 'customer');
    customers += 1;
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/userlist`);
    const row = page.getByTestId(`user-row-${carol.id}`);
    await row.waitFor();
    for (const header of ['ID', 'NAME', 'EMAIL', 'ADMIN']) await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Username').fill('Carol Renamed');
    await row.getByLabel('Email').fill(`renamed-${carol.email}`);
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User updated successfully').waitFor();
    await row.getByText('Carol Renamed').waitFor();
    await shot(page, 'users');

    const user = await stack.http().get(`/api/users/${carol.id}`).set('Authorization', admin.bearer).expect(200);
    expect(user.body).toMatchObject({ username: 'Carol Renamed', email: `renamed-${carol.email}` });
    await context.close();
  });

  test('5. the admin cannot delete an admin user, and deletes a customer after "Are you sure?"', async () => {
    const otherAdmin = await createAccount(stack, 'admin');
    const dave = await createAccount(stack, 'customer');
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/userlist`);
    const adminRow = page.getByTestId(`user-row-${otherAdmin.id}`);
    await adminRow.waitFor();
    expect(await adminRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByTestId(`user-row-${admin.id}`).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // The API refuses too, whatever the console shows.
    await stack.http().delete(`/api/users/${otherAdmin.id}`).set('Authorization', admin.bearer).expect(400);

    const daveRow = page.getByTestId(`user-row-${dave.id}`);
    await daveRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure?').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await page.getByText('User deleted successfully').waitFor();
    await daveRow.waitFor({ state: 'detached' });
    await stack.http().get(`/api/users/${dave.id}`).set('Authorization', admin.bearer).expect(404);
    await stack.http().get(`/api/users/${otherAdmin.id}`).set('Authorization', admin.bearer).expect(200);
    await context.close();
  });

  test('6. a non-admin opening /admin/userlist lands on /login, and so does a guest', async () => {
    const erin = await createAccount(stack, 'customer');
    customers += 1;
    const customer = await signedIn(erin);
    await customer.page.goto(`${base}/admin/userlist`);
    await customer.page.waitForURL((url) => url.pathname === '/login');
    expect(await customer.page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('token'))).toBeTruthy();
    await customer.context.close();

    const guest = await signedIn(null);
    await guest.page.goto(`${base}/admin/userlist`);
    await guest.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(guest.page.url()).searchParams.get('redirect')).toBe('/admin/userlist');
    await guest.context.close();
  });
});
