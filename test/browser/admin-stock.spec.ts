/**
 * Browser journeys of stock an owner can trust (issue #40): a manual adjustment with its reason, shown in the
 * product's stock history, and an import whose row changed since its export (a sale) shown as a conflict that is
 * written only when the owner overwrites it. Debian's Chromium against the built console and the real API.
 */
import { expect, test, type Browser } from '@playwright/test';
import { ADDRESS, createAccount, createCategory, createProduct, readStock, type TestAccount } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 120_000 });

test.describe('admin console: stock history and safe imports', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let shopper: TestAccount;
  let category: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    [admin, shopper] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
    category = await createCategory(stack, admin, 'Stock Hats');
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  async function buyOne(productId: string): Promise<void> {
    await stack.http().post('/api/cart').set('Authorization', shopper.bearer).send({ productId, quantity: 1 }).expect(201);
    await stack.http().post('/api/orders').set('Authorization', shopper.bearer).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' }).expect(201);
  }

  test('a manual stock adjustment asks for a reason and appears in the stock history with who made it', async () => {
    const belt = await createProduct(stack, admin, category, { name: 'Braided Belt', countInStock: 12 });
    await buyOne(belt._id);
    const { context, page } = await consoleSession(browser, stack, admin);
    await page.goto(`${base}/admin/product/update/${belt._id}`);
    const history = page.getByRole('table', { name: 'Stock history' });
    await expect(history.getByTestId('stock-ledger-row')).toHaveCount(2);
    await expect(history.getByTestId('stock-ledger-row').first()).toContainText('Sale');
    await expect(page.getByRole('heading', { name: 'Stock: 11' })).toBeVisible();

    await page.getByRole('button', { name: 'Adjust stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust the stock of Braided Belt' });
    await dialog.getByRole('textbox', { name: 'Change in units' }).fill('-2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Say why the stock changed');
    await dialog.getByRole('textbox', { name: 'Note' }).fill('2 damaged in the stockroom');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('heading', { name: 'Stock: 9' })).toBeVisible();
    const newest = history.getByTestId('stock-ledger-row').first();
    await expect(newest).toContainText('−2');
    await expect(newest).toContainText('Adjustment');
    await expect(newest).toContainText('2 damaged in the stockroom');
    await expect(newest).toContainText(admin.username);
    await expect(page.getByLabel('Count In Stock')).toHaveValue('9');
    expect((await readStock(stack, belt._id)).countInStock).toBe(9);
    await context.close();
  });

  test('an import of a file exported before a sale shows the row as changed since the export, and writes it only when overwritten', async () => {
    const beanie = await createProduct(stack, admin, category, { name: 'Wool Beanie', countInStock: 40 });
    const exported = await stack
      .http()
      .get('/api/products/export.csv')
      .query({ filter: JSON.stringify({ id: [beanie._id] }) })
      .set('Authorization', admin.bearer)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    await buyOne(beanie._id);

    const { context, page } = await consoleSession(browser, stack, admin);
    await page.goto(`${base}/admin/product/import`);
    await page.getByLabel('CSV file to import').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: exported.body as Buffer });
    const conflict = page.locator('[data-testid="import-row"][data-conflict="true"]');
    await expect(conflict).toHaveCount(1);
    await expect(conflict.getByTestId('import-row-conflict')).toContainText('countInStock: 39 in the shop, 40 in the file');
    await expect(page.getByTestId('import-commit-reason')).toHaveText('Every row changed since the export: choose Overwrite for the rows to write');
    expect((await readStock(stack, beanie._id)).countInStock).toBe(39);

    await conflict.getByRole('checkbox', { name: "Overwrite with the file's values" }).check();
    await page.getByRole('button', { name: 'Import 1 product' }).click();
    await expect(page.getByTestId('import-summary')).toHaveText('Imported 1 product (0 created, 1 updated)');
    expect((await readStock(stack, beanie._id)).countInStock).toBe(40);
    await context.close();
  });
});
