/**
 * Browser journeys through the console's catalog at scale (issue #23): All Products with search, filters and sort
 * in the URL, bulk publish and delete with undo, the page kept after an update (defect 11a), '...' only on cut
 * descriptions (11b), and the moderation queue paged past 50 with who submitted each product (10, 11c).
 * Uses the BUILT console (dist/web/admin): `node tools/build.mjs` first.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { until } from '../support/polling';
import { consoleSession, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 180_000 });

type P = { _id: string; name: string; status: string };

/** Pending products in the moderation queue, more than two pages of 25. */
const QUEUED = 55;

test.describe('admin catalog at scale in the browser', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let distributor: TestAccount;
  let category: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin');
    distributor = await createAccount(stack, 'distributor', { username: 'Dana Distributor' });
    category = await createCategory(stack, admin, 'Accessories');
    // The moderation queue, oldest first: "Queue item 01" … "Queue item 55", all by one distributor.
    for (let i = 1; i <= QUEUED; i++) await createProduct(stack, distributor, category, { name: `Queue item ${String(i).padStart(2, '0')}` });
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
    return consoleSession(browser, stack, admin, { width: 1440, timeout: 20_000 });
  }

  const cards = (page: Page) => page.getByTestId('product-card');
  const publicNames = async (search: string) =>
    ((await stack.http().get('/api/products').query({ search }).expect(200)).body as P[]).map((p) => p.name).sort();

  /** Types into the list's search box; the list answers once the URL holds the search. */
  async function search(page: Page, text: string): Promise<void> {
    await page.getByPlaceholder('Search products').fill(text);
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(`"q":"${text}"`));
  }

  test('bulk publishes pending products found by search: the shop then lists them', async () => {
    await createProduct(stack, distributor, category, { name: 'Bulk linen cap A' });
    await createProduct(stack, distributor, category, { name: 'Bulk linen cap B' });
    expect(await publicNames('Bulk linen')).toEqual([]);

    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/allproductslist`);
    await page.getByTestId('all-products-heading').waitFor();
    await search(page, 'Bulk linen');
    await page.getByTestId('all-products-heading').filter({ hasText: 'All Products (2)' }).waitFor();
    expect(await cards(page).count()).toBe(2);
    await page.getByLabel('Select Bulk linen cap A').check();
    await page.getByLabel('Select Bulk linen cap B').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('2 products published').waitFor();
    expect(await publicNames('Bulk linen')).toEqual(['Bulk linen cap A', 'Bulk linen cap B']);
    // The pending chips are gone once the list has reloaded.
    await until(async () => ((await cards(page).filter({ hasText: 'pending' }).count()) === 0 ? true : undefined), 10_000, 'published cards');
    await context.close();
  });

  test('moves products to another category and deletes one with undo, then for good', async () => {
    const hats = await createCategory(stack, admin, 'Hats');
    const a = await createProduct(stack, admin, category, { name: 'Undo scarf A' });
    await createProduct(stack, admin, category, { name: 'Undo scarf B' });
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/allproductslist`);
    await search(page, 'Undo scarf');
    await page.getByTestId('all-products-heading').filter({ hasText: 'All Products (2)' }).waitFor();

    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Change category' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.getByText('Please choose a category').waitFor();
    await dialog.getByLabel('New category').fill('Hat');
    await page.getByRole('option', { name: 'Hats' }).click();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByText('2 products moved').waitFor();
    const moved = (await stack.http().get('/api/products').query({ search: 'Undo scarf', category: hats }).expect(200)).body as P[];
    expect(moved.map((p) => p.name).sort()).toEqual(['Undo scarf A', 'Undo scarf B']);

    await page.getByLabel('Select Undo scarf A').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await cards(page).filter({ hasText: 'Undo scarf A' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await cards(page).filter({ hasText: 'Undo scarf A' }).waitFor();
    await stack.http().get(`/api/products/${a._id}`).set('Authorization', admin.bearer).expect(200);

    await page.getByLabel('Select Undo scarf A').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await cards(page).filter({ hasText: 'Undo scarf A' }).waitFor({ state: 'detached' });
    await until(
      async () => ((await stack.http().get(`/api/products/${a._id}`).set('Authorization', admin.bearer)).status === 404 ? true : undefined),
      20_000,
      'the delete',
    );
    expect(await publicNames('Undo scarf')).toEqual(['Undo scarf B']);
    await context.close();
  });

  test('filters by low stock (5 or fewer in total or of a size) and by search, naming the low size, with the filters in the URL', async () => {
    for (const [name, countInStock] of [
      ['Stocked sock none', 0],
      ['Stocked sock few', 3],
      ['Stocked sock many', 40],
    ] as const) {
      await createProduct(stack, admin, category, { name, countInStock });
    }
    // 11 in total, far above the threshold, but size M has 1 left.
    await createProduct(stack, admin, category, {
      name: 'Stocked sock sized',
      variants: [
        { sku: 'SSS-S', size: 'S', colour: 'Navy', countInStock: 10 },
        { sku: 'SSS-M', size: 'M', colour: 'Navy', countInStock: 1 },
      ],
    });
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/allproductslist`);
    await search(page, 'Stocked sock');
    await page.getByTestId('all-products-heading').filter({ hasText: 'All Products (4)' }).waitFor();

    await page.getByRole('combobox', { name: 'Stock' }).click();
    await page.getByRole('option', { name: 'Low stock (5 or fewer of a size or colour)' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"stock":"low_stock"'));
    await page.getByTestId('all-products-heading').filter({ hasText: 'All Products (2)' }).waitFor();
    await cards(page).filter({ hasText: 'Stocked sock few' }).getByText('Low stock: 3 left').waitFor();
    await cards(page).filter({ hasText: 'Stocked sock sized' }).getByText('11 in stock · low: M · Navy: 1 left').waitFor();

    // The URL alone brings the same list back.
    const url = page.url();
    await page.goto(`${base}/admin/dashboard`);
    // The dashboard's low-stock card flags the same product, naming the size, by the same threshold.
    const lowStock = page.getByTestId('low-stock');
    await lowStock.getByRole('listitem').filter({ hasText: 'Stocked sock sized' }).getByText('M · Navy: 1 left (11 in total)').waitFor();
    await expect(page.getByTestId('low-stock-rule')).toHaveText('5 or fewer left in total or of a size or colour');
    await page.goto(url);
    await page.getByTestId('all-products-heading').filter({ hasText: 'All Products (2)' }).waitFor();
    expect((await cards(page).allInnerTexts()).sort()).toEqual([
      expect.stringContaining('Stocked sock few'),
      expect.stringContaining('Stocked sock sized'),
    ]);

    await page.getByRole('combobox', { name: 'Stock' }).click();
    await page.getByRole('option', { name: 'Sold out' }).click();
    await cards(page).filter({ hasText: 'Stocked sock none' }).getByText('Sold out').waitFor();
    await page.getByTestId('all-products-heading').filter({ hasText: 'All Products (1)' }).waitFor();
    await context.close();
  });

  test('keeps the page number after going to a product update and back', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/allproductslist`);
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL(/[?&]page=2/);
    const page2 = (await stack.http().get('/api/products').set('Authorization', admin.bearer).query({ page: '2', perPage: '24' }).expect(200))
      .body as P[];
    const firstOnPage2 = page2[0].name;
    await cards(page).first().filter({ hasText: firstOnPage2 }).waitFor();
    await cards(page).first().getByRole('link', { name: 'Update Product' }).click();
    await page.waitForURL(/\/admin\/product\/update\/[0-9a-f]{24}$/);

    await page.goBack();
    await page.waitForURL(/[?&]page=2/);
    await cards(page).first().filter({ hasText: firstOnPage2 }).waitFor();
    expect(await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page');

    // ProductUpdate returns to the bare /admin/allproductslist: the list opens on page 2 again.
    await cards(page).first().getByRole('link', { name: 'Update Product' }).click();
    await page.waitForURL(/\/admin\/product\/update\//);
    await page.goto(`${base}/admin/allproductslist`);
    await page.waitForURL(/[?&]page=2/);
    await cards(page).first().filter({ hasText: firstOnPage2 }).waitFor();
    await context.close();
  });

  test("shows '...' only after descriptions longer than 160 characters", async () => {
    const long = 'Soft lambswool scarf, woven in Scotland. '.repeat(6);
    await createProduct(stack, admin, category, { name: 'Ellipsis short scarf', description: 'A short description.' });
    await createProduct(stack, admin, category, { name: 'Ellipsis long scarf', description: long });
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/allproductslist`);
    await search(page, 'Ellipsis');
    await page.getByTestId('all-products-heading').filter({ hasText: 'All Products (2)' }).waitFor();
    const short = await cards(page).filter({ hasText: 'Ellipsis short scarf' }).getByTestId('product-description').innerText();
    const cut = await cards(page).filter({ hasText: 'Ellipsis long scarf' }).getByTestId('product-description').innerText();
    expect(short).toBe('A short description.');
    expect(cut).toBe(`${long.slice(0, 160)}...`);
    await context.close();
  });

  test('pages the moderation queue past 50 and shows who submitted each product', async () => {
    const pending = await stack
      .http()
      .get('/api/products')
      .set('Authorization', admin.bearer)
      .query({ filter: JSON.stringify({ status: 'pending' }) })
      .expect(200);
    const total = Number(pending.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(QUEUED);
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/moderation`);
    await page.getByRole('heading', { name: `Pending Products (${total})` }).waitFor();
    await page.getByTestId('pending-product').filter({ hasText: 'Queue item 01' }).waitFor();
    expect(await page.getByTestId('pending-product').count()).toBe(25);
    const submitter = page.getByTestId('pending-product').filter({ hasText: 'Queue item 01' }).getByTestId('submitter');
    expect(await submitter.innerText()).toBe(`Dana Distributor (${distributor.email})`);

    await page.getByRole('button', { name: 'Go to page 3' }).click();
    await page.waitForURL(/[?&]page=3/);
    await page.getByTestId('pending-product').filter({ hasText: 'Queue item 55' }).waitFor();
    expect(await page.getByTestId('pending-product').count()).toBe(total - 50);
    await page
      .getByTestId('pending-product')
      .filter({ hasText: 'Queue item 55' })
      .getByText(`Submitted by Dana Distributor (${distributor.email})`)
      .waitFor();

    // Approving from page 3 keeps the page and the queue shrinks by one.
    await page.getByTestId('pending-product').filter({ hasText: 'Queue item 55' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Queue item 55 is approved').waitFor();
    await page.getByRole('heading', { name: `Pending Products (${total - 1})` }).waitFor();
    expect(await publicNames('Queue item 55')).toEqual(['Queue item 55']);
    await context.close();
  });
});
