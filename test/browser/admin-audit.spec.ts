/**
 * The console's Audit log in Chromium: an admin renames a category in the console, opens the Audit log from the
 * menu, filters by resource, and sees the entry with who made it and the name before and after; at phone width
 * the list is compact and an entry opens on its own page. Uses the BUILT console (node tools/build.mjs).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
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
    await page.getByText('Created products').first().waitFor();
    await page.getByRole('combobox', { name: 'Resource' }).click();
    await page.getByRole('option', { name: 'categories', exact: true }).click();
    await page.waitForURL(/resource/);
    // The list reloads with the filter: the product's entry goes, the category's stay.
    await page.getByText('Created products').first().waitFor({ state: 'detached' });
    const updated = page.getByRole('row').filter({ hasText: 'Updated categories' });
    await updated.waitFor();
    expect(await page.getByText('Created categories').count()).toBe(1);
    expect(await updated.count()).toBe(1);
    await expect(updated.textContent()).resolves.toContain(`Olga Owner (${admin.email})`);
    await expect(updated.textContent()).resolves.toContain(category);

    await updated.getByText('Updated categories').click();
    const changes = page.getByRole('table', { name: `Changes to categories ${category}` });
    await changes.waitFor();
    const nameRow = changes.getByRole('row').filter({ has: page.getByRole('cell', { name: 'name', exact: true }) });
    await expect(nameRow.getByRole('cell').allTextContents()).resolves.toEqual(['name', oldName, newName]);
    await page.getByText(`PUT /api/category/:id · record ${category}`).waitFor();
    await context.close();
  });

  test('is compact at phone width and opens an entry on its own page', async () => {
    const { context, page } = await signedIn(admin, 390);
    await page.goto(`${base}/admin/audit`);
    const item = page.getByRole('link').filter({ hasText: 'Updated categories' });
    await item.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await item.click();
    await page.waitForURL(/\/admin\/audit\/[0-9a-f]{24}\/show/);
    await page.getByRole('heading', { name: 'Updated categories', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'name', exact: true }).waitFor();
    await context.close();
  });
});
