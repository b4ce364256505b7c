/**
 * Issue #38 in the browser: the owner ships a cash-on-delivery order with its carrier and tracking number, records
 * the cash, and refunds part of it from the console; the customer's order page then shows the refund and the
 * tracking number. Needs the built console and storefront (dist/web): `node tools/build.mjs`.
 */
import { test, type Browser } from '@playwright/test';
import { createAccount, createCategory, createProduct, type TestAccount } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, SHOP_LOAD_TIMEOUT_MS, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 120_000 });

test.describe('admin console: shipping, cash and a partial refund', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let ann: TestAccount;
  let orderId: string;
  let orderNumber: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser, {}, { storefront: true });
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin', { username: 'Olive Owner' });
    ann = await createAccount(stack, 'customer', { username: 'Ann Parcel' });
    const category = await createCategory(stack, admin, `Coats ${Date.now() % 100000}`);
    const productId = (await createProduct(stack, admin, category, { name: 'Field coat', price: 80, countInStock: 5, quantity: 5 }))._id;
    await stack.http().post('/api/cart').set('Authorization', ann.bearer).send({ productId, quantity: 1 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', ann.bearer)
      .send({
        shippingAddress: {
          fullName: ann.username,
          address: '1 Main Street',
          city: 'Springfield',
          postalCode: '12345',
          country: 'US',
          phone: '+12015550123',
        },
        paymentMethod: 'cod',
      })
      .expect(201);
    orderId = placed.body.id as string;
    orderNumber = placed.body.number as string;
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  test('the owner ships with tracking, records the cash and refunds part; the customer sees it', async () => {
    const { context, page } = await consoleSession(browser, stack, admin, { width: 1280, height: 900 });
    await page.goto(`${base}/admin/orders/${orderId}/show`);
    await page.getByRole('heading', { name: `Order #${orderNumber}`, level: 1 }).waitFor();

    // A cash order ships before it is paid.
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = page.getByRole('dialog', { name: 'Mark shipped' });
    await ship.getByRole('combobox', { name: 'Carrier' }).fill('UPS');
    await ship.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await ship.getByRole('button', { name: 'Ship' }).click();
    await page.getByText('Order marked shipped', { exact: true }).waitFor();
    await page.getByTestId('order-tracking').filter({ hasText: 'UPS · Tracking number: 1Z999AA10123456784' }).waitFor();
    await page.getByTestId('order-payment').filter({ hasText: 'Unpaid' }).waitFor();

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByText('Order marked paid', { exact: true }).waitFor();
    await page.getByTestId('order-payment').filter({ hasText: 'Paid' }).waitFor();

    await page.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund this order?' });
    await refund.getByRole('spinbutton', { name: 'Amount' }).fill('25');
    await refund.getByRole('textbox', { name: 'Reason' }).fill('Loose button');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Order refunded', { exact: true }).waitFor();
    await page.getByTestId('order-payment').filter({ hasText: 'Partially refunded' }).waitFor();
    await page.getByTestId('order-refund').filter({ hasText: '$25.00' }).filter({ hasText: 'Loose button' }).waitFor();
    await context.close();

    // The customer's order page.
    const shopper = await consoleSession(browser, stack, ann, { width: 1280, height: 900, timeout: SHOP_LOAD_TIMEOUT_MS });
    await shopper.page.goto(`${base}/order/${orderId}`);
    await shopper.page.getByTestId('payment-state').filter({ hasText: 'Partially refunded' }).waitFor();
    await shopper.page.getByTestId('order-refund').filter({ hasText: 'Refunded $25.00' }).waitFor();
    await shopper.page.getByText('UPS tracking number: 1Z999AA10123456784').waitFor();
    await shopper.context.close();
  });
});
