/**
 * One order number everywhere, in Chromium: a customer's order is named by the same short number on the
 * storefront's order list and order page, in the console's order list, its page's title bar and heading, the
 * customer's console page, and the confirmation e-mail (the outbox), whose link opens the order page itself; the
 * console's order search finds it by that number. Uses the BUILT apps (node tools/build.mjs) and the built worker.
 */
import { expect, test, type Browser } from '@playwright/test';
import { ADDRESS, createAccount, createCategory, createProduct, type TestAccount } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { until } from '../support/polling';
import type { TestStack } from '../support/test-stack';
import { listen } from './browser-support';
import { startBuiltStack } from './built-stack';
import { consoleSession } from './console-support';

test.describe.configure({ timeout: 120_000 });

test.describe('the order number', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let admin: TestAccount;
  let buyer: TestAccount;
  let order: { id: string; number: string };

  test.beforeAll(async ({ browser: workerBrowser }) => {
    browser = workerBrowser;
    stack = await startBuiltStack({ worker: true });
    base = await listen(stack);
    admin = await createAccount(stack, 'admin', { username: 'Nora Numbers' });
    buyer = await createAccount(stack, 'customer', { username: 'Bea Buyer' });
    const category = await createCategory(stack, admin, `Hats ${Date.now() % 100000}`);
    const product = await createProduct(stack, admin, category, { name: 'Numbered Beanie' });
    await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: product._id, quantity: 1 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
      .expect(201);
    order = { id: placed.body.id as string, number: placed.body.number as string };
    expect(order.number).toBe(order.id.slice(-8).toUpperCase());
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('is the same on the storefront, in the console (title bar and heading), on the customer page and in the e-mail', async () => {
    // The e-mail: its subject and text name the number, its button opens the order page.
    const mail = await until(
      async () => (await readOutbox(stack.config.outboxDir)).find((m) => m.to.includes(buyer.email) && m.subject.includes('confirmed')),
      20_000,
      'confirmation mail',
    );
    expect(mail.subject).toBe(`Order #${order.number} confirmed`);
    expect(mail.text).toContain(`Your order #${order.number} is confirmed`);
    const link = new URL(mail.links.find((l) => l.includes('/order/')) ?? '');
    expect(link.pathname).toBe(`/order/${order.id}`);

    // The storefront: the customer's order list, and the page the mail's link opens.
    const shop = await consoleSession(browser, stack, buyer);
    await shop.page.goto(`${base}/user-orders`);
    await expect(shop.page.getByTestId('order-row').first()).toContainText(`#${order.number}`);
    await shop.page.goto(`${base}${link.pathname}`);
    await shop.page.getByRole('heading', { name: `Order #${order.number}`, level: 1 }).waitFor();
    await shop.context.close();

    // The console: the order list finds it by the number, its page says it in the title bar and the heading.
    const { context, page } = await consoleSession(browser, stack, admin);
    await page.goto(`${base}/admin/orders`);
    await page.getByPlaceholder('Order number, customer name or e-mail').fill(order.number);
    await page.waitForURL(/filter=/);
    const row = page.getByRole('row').filter({ hasText: `#${order.number}` });
    await expect(row).toHaveCount(1);
    await row.getByText(`#${order.number}`).click();
    await page.waitForURL(`${base}/admin/orders/${order.id}/show`);
    await page.getByRole('heading', { name: `Order #${order.number}`, level: 1 }).waitFor();
    await expect(page.locator('#react-admin-title')).toHaveText(`Order #${order.number}`);
    // The long id is a detail under the heading, never the order's name.
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(order.id);

    // The customer's page in the console.
    await page.goto(`${base}/admin/customers/${buyer.id}/show`);
    await expect(page.getByTestId(`customer-order-${order.id}`)).toContainText(`Order #${order.number}`);
    await context.close();
  });
});
