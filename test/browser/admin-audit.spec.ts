/**
 * The console's Audit log in Chromium: an admin renames a category in the console, opens the Audit log from the
 * menu, filters by record type, and sees the action in words with who made it and the name before and after; an
 * admin refunds an order on its console page and finds "Refunded order #…" with the reason by filtering the log by
 * admin and by the order's number, then follows the entry's link back to the order; at phone width the list is
 * compact and an entry opens on its own page. Uses the BUILT console (node tools/build.mjs).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ADDRESS, createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 120_000 });

test.describe('the audit log in the console', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin', { username: 'Olga Owner' });
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  async function signedIn(account: TestAccount, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    return consoleSession(browser, stack, account, { width });
  }

  test('shows a category renamed in the console, filtered by resource, with the actor and the name before and after', async () => {
    const tag = Date.now() % 100000;
    const oldName = `Gloves ${tag}`;
    const newName = `Mittens ${tag}`;
    const category = await createCategory(stack, admin, oldName);
    // A write to another resource, which the resource filter must leave out.
    await createProduct(stack, admin, category, { name: 'Audit journey glove' });

    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/categorylist`);
    await page.getByRole('button', { name: oldName, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Category name').fill(newName);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText(`${newName} is updated`).waitFor();

    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.waitForURL(/\/admin\/audit/);
    await page.getByText('Created product Audit journey glove').first().waitFor();
    await page.getByRole('combobox', { name: 'Record type' }).click();
    await page.getByRole('option', { name: 'Categories', exact: true }).click();
    await page.waitForURL(/resource/);
    // The list reloads with the filter: the product's entry goes, the category's stay.
    await page.getByText('Created product Audit journey glove').first().waitFor({ state: 'detached' });
    const updated = page.getByRole('row').filter({ hasText: `Updated category ${newName}: name ${oldName} → ${newName}` });
    await updated.waitFor();
    expect(await page.getByText(`Created category ${oldName}`).count()).toBe(1);
    expect(await updated.count()).toBe(1);
    await expect(updated.textContent()).resolves.toContain(`Olga Owner (${admin.email})`);
    // The record by its name, linked to its page in the console.
    await expect(updated.getByRole('link', { name: `Open ${newName}` })).toHaveAttribute('href', '/admin/categorylist');

    await updated.getByText(`Updated category ${newName}`).click();
    const changes = page.getByRole('table', { name: `Changes to ${newName}` });
    await changes.waitFor();
    const nameRow = changes.getByRole('row').filter({ has: page.getByRole('cell', { name: 'name', exact: true }) });
    await expect(nameRow.getByRole('cell').allTextContents()).resolves.toEqual(['name', oldName, newName]);
    // Bookkeeping (the lookup key, the timestamps) is never shown.
    expect(await changes.getByRole('cell', { name: /name key|updated at/ }).count()).toBe(0);
    await page.getByText('PUT /api/category/:id').waitFor();
    await context.close();
  });

  test('finds a refund made on the order page by admin and by order number, in words with its reason, and links back to the order', async () => {
    const other = await createAccount(stack, 'admin', { username: 'Otto Other' });
    const buyer = await createAccount(stack, 'customer');
    const category = await createCategory(stack, other, `Beanies ${Date.now() % 100000}`);
    const product = await createProduct(stack, other, category, { name: 'Wool Beanie', price: 26.1 });
    await stack.http().post('/api/cart').set('Authorization', buyer.bearer).send({ productId: product._id, quantity: 1 }).expect(201);
    const placed = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', buyer.bearer)
      .send({ shippingAddress: ADDRESS, paymentMethod: 'cod' })
      .expect(201);
    const { id, number, total } = placed.body as { id: string; number: string; total: number };
    await stack.http().post(`/api/orders/${id}/mark-paid`).set('Authorization', other.bearer).send({}).expect(200);

    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/orders/${id}/show`);
    await page.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('damaged in transit');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Order refunded').waitFor();

    await page.goto(`${base}/admin/audit`);
    // By admin: Otto's writes (the category, the product, the payment) leave the list.
    await page.getByText(`Marked order #${number} paid`).waitFor();
    await page.getByRole('combobox', { name: 'Admin' }).fill('Olga');
    await page.getByRole('option', { name: 'Olga Owner' }).click();
    await page.waitForURL(/actor/);
    await page.getByText(`Marked order #${number} paid`).waitFor({ state: 'detached' });
    const summary = `Refunded order #${number}, $${total.toFixed(2)}: damaged in transit`;
    await page.getByRole('row').filter({ hasText: summary }).waitFor();
    // By the order: its number as the console shows it.
    await page.getByRole('textbox', { name: 'Record (name, #order number or id)' }).fill(`#${number}`);
    await page.waitForURL(/record/);
    await expect(page.getByRole('row').filter({ hasText: `Olga Owner (${admin.email})` })).toHaveCount(1);
    const row = page.getByRole('row').filter({ hasText: summary });
    await expect(row).toHaveCount(1);
    // Internal fields never appear, expanded or not.
    await row.getByText(summary).click();
    const changes = page.getByRole('table', { name: `Changes to #${number}` });
    await changes.waitFor();
    await expect(
      changes
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'refund reason', exact: true }) })
        .getByRole('cell')
        .allTextContents(),
    ).resolves.toEqual(['refund reason', '—', 'damaged in transit']);
    await expect(page.getByText(/pending ?mails|restock ?pending|restock ?marks|status ?history/i)).toHaveCount(0);

    await row.getByRole('link', { name: `Open #${number}` }).click();
    await page.waitForURL(`${base}/admin/orders/${id}/show`);
    await page.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
    // And back: the order page opens the log of this order (Otto's payment and Olga's refund).
    await page.getByRole('link', { name: 'Audit log of this order' }).click();
    await page.getByRole('row').filter({ hasText: summary }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Marked order #${number} paid` })
      .waitFor();
    await context.close();
  });

  test('is compact at phone width and opens an entry on its own page', async () => {
    const { context, page } = await signedIn(admin, 390);
    await page.goto(`${base}/admin/audit`);
    const item = page.getByRole('link').filter({ hasText: 'Updated category' });
    await item.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const width = await page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);
    await item.click();
    await page.waitForURL(/\/admin\/audit\/[0-9a-f]{24}\/show/);
    await page.getByRole('heading', { name: /^Updated category /, level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'name', exact: true }).waitFor();
    await context.close();
  });
});
