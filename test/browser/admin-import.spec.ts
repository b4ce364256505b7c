/**
 * Browser journeys of the product CSV export and import in the admin console (/admin/allproductslist and
 * /admin/product/import), in Debian's Chromium against the real API serving the built console (dist/web/admin).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, startConsoleStack, type ConsoleStack } from './console-support';

test.describe.configure({ timeout: 120_000 });

type Product = Record<string, unknown> & { _id: string; name: string };

/** The product as the API shows it, without what every write changes (updatedAt) or no CSV carries (reviews). */
function comparable(p: Product): Record<string, unknown> {
  const { updatedAt: _u, reviews: _r, ...rest } = p;
  return rest;
}

test.describe('admin console: product CSV export and import', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let category: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin');
    category = await createCategory(stack, admin, 'Imported Tops');
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  async function signedIn(account: TestAccount): Promise<{ context: BrowserContext; page: Page }> {
    return consoleSession(browser, stack, account, { acceptDownloads: true });
  }

  async function getProduct(id: string): Promise<Product> {
    return (await stack.http().get(`/api/products/${id}`).set('Authorization', admin.bearer).expect(200)).body as Product;
  }

  async function productsOfBrand(brand: string): Promise<Product[]> {
    const res = await stack
      .http()
      .get('/api/products')
      .query({ filter: JSON.stringify({ brand }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    return res.body as Product[];
  }

  test('a product CSV exported from All Products is re-imported unchanged: only updates, no errors, every field as before', async () => {
    const tricky = await createProduct(stack, admin, category, {
      name: 'Linen shirt, "relaxed"',
      description: 'Breathable linen.\nTwo lines, one comma — ünïcödé',
      price: 49.9,
      compareAtPrice: 65,
      brand: '=Exported',
      isSpecial: true,
      specifications: { Material: 'Linen, washed' },
      variants: [
        { sku: 'LS-S', size: 'S', countInStock: 2 },
        { sku: 'LS-M', size: 'M', colour: 'sand', price: 52, countInStock: 5 },
      ],
    });
    const plain = await createProduct(stack, admin, category, {
      name: 'Cotton tee',
      brand: '=Exported',
      countInStock: 12,
      image: '/api/images/665f1c2e9d1e8a0012345678',
    });
    const before = [await getProduct(tricky._id), await getProduct(plain._id)];

    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/allproductslist`);
    await page.getByTestId('product-card').filter({ hasText: 'Cotton tee' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const csv = readFileSync(path);
    expect(csv.toString('utf8')).toContain('"Linen shirt, ""relaxed"""');
    expect(csv.toString('utf8')).toContain(",'=Exported,");

    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import Products', level: 1 }).waitFor();
    await page.getByLabel('CSV file to import').setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: csv });
    await page.getByTestId('import-preview-summary').filter({ hasText: '2 rows ready to import' }).waitFor();
    const rows = page.getByTestId('import-row');
    expect(await rows.count()).toBe(2);
    expect(await page.locator('[data-testid="import-row"][data-valid="false"]').count()).toBe(0);
    expect(await rows.getByRole('cell', { name: 'Update', exact: true }).count()).toBe(2);
    expect(await page.getByTestId('import-row-errors').count()).toBe(0);
    const commit = page.getByRole('button', { name: 'Import 2 products' });
    expect(await commit.isEnabled()).toBe(true);
    expect((await getProduct(tricky._id)).updatedAt).toBe(before[0].updatedAt);

    await commit.click();
    await page.getByTestId('import-summary').filter({ hasText: 'Imported 2 products (0 created, 2 updated)' }).waitFor();
    expect(await rows.getByText('Updated', { exact: true }).count()).toBe(2);
    expect(comparable(await getProduct(tricky._id))).toEqual(comparable(before[0]));
    expect(comparable(await getProduct(plain._id))).toEqual(comparable(before[1]));
    await context.close();
  });

  test('an import with one bad row shows that row’s error and writes nothing; with "Skip invalid rows" it writes the others', async () => {
    const csv = [
      'name,description,price,category,brand,countInStock,image',
      'Rain jacket,Waterproof shell,89,Imported Tops,Badrow,4,https://cdn.example.com/jacket.jpg',
      'Broken jacket,No price,-5,Imported Tops,Badrow,4,https://cdn.example.com/jacket.jpg',
      'Wind jacket,Light shell,59.5,Imported Tops,Badrow,2,https://cdn.example.com/wind.jpg',
      '',
    ].join('\r\n');
    const { context, page } = await signedIn(admin);
    await page.goto(`${base}/admin/product/import`);
    await page.getByLabel('CSV file to import').setInputFiles({ name: 'jackets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByTestId('import-preview-summary').filter({ hasText: '1 row with errors, 2 rows ready to import' }).waitFor();

    const bad = page.locator('[data-testid="import-row"][data-valid="false"]');
    expect(await bad.count()).toBe(1);
    expect(await bad.getByRole('cell').first().textContent()).toBe('3');
    expect(await bad.getByTestId('import-row-errors').textContent()).toBe('price: Price must be positive');
    expect(await bad.getAttribute('aria-invalid')).toBe('true');
    const commit = page.getByRole('button', { name: 'Import 2 products' });
    expect(await commit.isDisabled()).toBe(true);
    await page.getByTestId('import-commit-reason').filter({ hasText: 'Fix the invalid row or choose to skip them' }).waitFor();
    expect(await productsOfBrand('Badrow')).toEqual([]);

    await page.getByLabel('Skip invalid rows').check();
    expect(await commit.isEnabled()).toBe(true);
    await commit.click();
    await page.getByTestId('import-summary').filter({ hasText: 'Imported 2 products (2 created, 0 updated), 1 invalid row skipped' }).waitFor();
    expect(await page.getByTestId('import-row').getByText('Created', { exact: true }).count()).toBe(2);
    const written = await productsOfBrand('Badrow');
    expect(written.map((p) => p.name).sort()).toEqual(['Rain jacket', 'Wind jacket']);
    expect(written.find((p) => p.name === 'Wind jacket')).toMatchObject({
      price: 59.5,
      countInStock: 2,
      description: 'Light shell',
      category: { name: 'Imported Tops' },
      status: 'published',
    });
    await context.close();
  });
});
