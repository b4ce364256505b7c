/**
 * Browser journeys through the console's product create and update forms (issue #23, defects 1, 2, 4 and 11e),
 * each reproduced as it was found, against the real API serving the BUILT console (node tools/build.mjs).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Types } from 'mongoose';
import { createAccount, type TestAccount, createCategory, createProduct, pngImage } from '../support/fixtures';
import type { TestStack } from '../support/test-stack';
import { consoleSession, SHOP_LOAD_TIMEOUT_MS, startConsoleStack, type ConsoleStack } from './console-support';
import { waitForTakeover } from './browser-support';

test.describe.configure({ timeout: 120_000 });

const VARIANT_STOCK_HELP = "Stock is the sum of the variants' stock; edit it per variant";

interface StoredProduct {
  _id: string;
  name: string;
  countInStock: number;
  quantity: number;
  variants: Array<{ sku: string; size: string | null; colour: string | null; countInStock: number }>;
}

test.describe('console product forms', () => {
  let stack: TestStack;
  let browser: Browser;
  let base: string;
  let running: ConsoleStack | undefined;
  let admin: TestAccount;
  let category: string;
  let categoryName: string;

  test.beforeAll(async ({ browser: workerBrowser }) => {
    running = await startConsoleStack(workerBrowser);
    ({ stack, browser, base } = running);
    admin = await createAccount(stack, 'admin');
    categoryName = `Form tops ${Date.now() % 100000}`;
    category = await createCategory(stack, admin, categoryName);
  });

  test.afterAll(async () => {
    await running?.stop();
  });

  /** A 1440 px wide browser signed in as the admin (the storefront's storage keys). */
  async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
    return consoleSession(browser, stack, admin, { width: 1440 });
  }

  const stored = async (id: string): Promise<StoredProduct> =>
    (await stack.http().get(`/api/products/${id}`).set('Authorization', admin.bearer).expect(200)).body as StoredProduct;
  const byName = async (name: string): Promise<StoredProduct | undefined> => {
    const list = await stack.http().get('/api/products').query({ search: name }).set('Authorization', admin.bearer).expect(200);
    return (list.body as StoredProduct[]).find((p) => p.name === name);
  };
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  const variant = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Variant ${n}\\b`) });

  async function fillBasics(page: Page, name: string): Promise<void> {
    await field(page, 'Name').fill(name);
    await field(page, 'Price').fill('30');
    await field(page, 'Brand').fill('Threadline');
    await field(page, 'Description').fill('A product made in the console.');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: categoryName }).click();
    await page
      .locator('input[data-testid="product-image"]')
      .setInputFiles({ name: 'tee.png', mimeType: 'image/png', buffer: await pngImage(200, 200) });
  }

  test('on update, Count In Stock and Quantity of a product with variants are read-only and say why; a per-variant stock edit persists after reload', async () => {
    const product = await createProduct(stack, admin, category, {
      name: 'Two-size tee',
      variants: [
        { sku: 'TS-S', size: 'S', colour: 'navy', countInStock: 1 },
        { sku: 'TS-M', size: 'M', colour: 'navy', countInStock: 3 },
      ],
    });
    expect(product).toMatchObject({ countInStock: 4, quantity: 4 });
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/product/update/${product._id}`);
    await page.getByRole('heading', { name: 'Update / Delete Product' }).waitFor();

    // As found: the owner set Count In Stock and Quantity to 50, which the save then replaced with 4. Now
    // neither can be typed into, and the form says where the stock lives.
    for (const label of ['Count In Stock', 'Quantity']) {
      expect(await field(page, label).inputValue()).toBe('4');
      expect(await field(page, label).isEditable()).toBe(false);
      expect(await field(page, label).getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(await page.getByText(VARIANT_STOCK_HELP, { exact: true }).count()).toBe(2);

    // Stock is edited where it lives: per variant (each with its size and colour), and the total follows.
    expect(await variant(page, 1).getByLabel('Size').inputValue()).toBe('S');
    expect(await variant(page, 2).getByLabel('Colour').inputValue()).toBe('navy');
    await variant(page, 1).getByLabel('Stock').fill('20');
    await variant(page, 2).getByLabel('Stock').fill('30');
    await variant(page, 2).getByLabel('Colour').fill('black');
    expect(await field(page, 'Count In Stock').inputValue()).toBe('50');
    expect(await field(page, 'Quantity').inputValue()).toBe('50');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Product successfully updated').waitFor();
    await page.waitForURL(`${base}/admin/allproductslist`);

    await page.goto(`${base}/admin/product/update/${product._id}`);
    await page.getByRole('heading', { name: 'Update / Delete Product' }).waitFor();
    expect(await field(page, 'Count In Stock').inputValue()).toBe('50');
    expect(await field(page, 'Quantity').inputValue()).toBe('50');
    expect(await variant(page, 1).getByLabel('Stock').inputValue()).toBe('20');
    expect(await variant(page, 2).getByLabel('Stock').inputValue()).toBe('30');
    expect(await variant(page, 2).getByLabel('Colour').inputValue()).toBe('black');
    const saved = await stored(product._id);
    expect(saved).toMatchObject({ countInStock: 50, quantity: 50 });
    expect(saved.variants.map((v) => [v.sku, v.size, v.colour, v.countInStock])).toEqual([
      ['TS-S', 'S', 'navy', 20],
      ['TS-M', 'M', 'black', 30],
    ]);
    await context.close();
  });

  test('on create, with variants, the stock stored is what the form shows (their sum), not a silently replaced count', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/productlist`);
    await page.getByRole('heading', { name: 'Create Product', level: 1 }).waitFor();
    await fillBasics(page, 'Variant create tee');
    // As found: Count In Stock 10 typed in, variants summing to 4, and 4 stored. Once variants exist the
    // top-level fields show their sum and can't be typed into.
    await field(page, 'Count In Stock').fill('10');
    // Without variants, Quantity and Count In Stock are one stock: typing in one sets the other.
    expect(await field(page, 'Quantity').inputValue()).toBe('10');
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByRole('button', { name: 'Add variant' }).click();
    await variant(page, 1).getByLabel('SKU').fill('VC-S');
    await variant(page, 1).getByLabel('Size').fill('S');
    await variant(page, 1).getByLabel('Stock').fill('1');
    await variant(page, 2).getByLabel('SKU').fill('VC-M');
    await variant(page, 2).getByLabel('Size').fill('M');
    await variant(page, 2).getByLabel('Stock').fill('3');
    expect(await field(page, 'Count In Stock').inputValue()).toBe('4');
    expect(await field(page, 'Count In Stock').isEditable()).toBe(false);
    await page.getByText(VARIANT_STOCK_HELP, { exact: true }).first().waitFor();
    // The owner who wants 10 puts the stock on the variants.
    await variant(page, 2).getByLabel('Stock').fill('9');
    expect(await field(page, 'Count In Stock').inputValue()).toBe('10');
    expect(await field(page, 'Quantity').inputValue()).toBe('10');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Product added successfully!').waitFor({ timeout: SHOP_LOAD_TIMEOUT_MS });

    const created = await byName('Variant create tee');
    expect(created).toMatchObject({ countInStock: 10, quantity: 10 });
    expect(created?.variants.map((v) => [v.sku, v.size, v.countInStock])).toEqual([
      ['VC-S', 'S', 1],
      ['VC-M', 'M', 9],
    ]);
    await context.close();
  });

  test('after Create Product the browser goes to the shop\'s / (the spec) and "Product added successfully!" is seen there, once', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${base}/admin/productlist`);
    await page.getByRole('heading', { name: 'Create Product', level: 1 }).waitFor();
    await fillBasics(page, 'Message shown jumper');
    await field(page, 'Quantity').fill('7');
    await field(page, 'Count In Stock').fill('7');
    await page.getByRole('button', { name: 'Submit' }).click();

    // As found: the console reloaded the shop's / and the message was never seen.
    await page.waitForURL(`${base}/`);
    const message = page.getByRole('alert').filter({ hasText: 'Product added successfully!' });
    await message.waitFor({ timeout: SHOP_LOAD_TIMEOUT_MS });
    expect(await message.count()).toBe(1);
    await page.getByText('Message shown jumper').first().waitFor();
    expect(await byName('Message shown jumper')).toMatchObject({ countInStock: 7, quantity: 7 });
    // Shown once: reloading the shop does not show it again.
    await page.reload();
    await page.getByText('Message shown jumper').first().waitFor();
    // The message is read once, as the app starts: when React has the page, it has decided.
    await waitForTakeover(page);
    expect(await page.getByText('Product added successfully!').count()).toBe(0);
    await context.close();
  });

  test('at 1440 px the specification Key and Value fields are usable widths on create and update', async () => {
    const product = await createProduct(stack, admin, category, { name: 'Spec tee', specifications: { Material: 'Linen' } });
    const { context, page } = await signedIn();
    const widths = async () => {
      const key = await field(page, 'Key').boundingBox();
      const value = await field(page, 'Value').boundingBox();
      return { key: key?.width ?? 0, value: value?.width ?? 0 };
    };

    await page.goto(`${base}/admin/productlist`);
    await page.getByRole('heading', { name: 'Create Product', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add specification' }).click();
    const onCreate = await widths();
    expect(onCreate.key).toBeGreaterThanOrEqual(200);
    expect(onCreate.value).toBeGreaterThanOrEqual(200);

    await page.goto(`${base}/admin/product/update/${product._id}`);
    await page.getByRole('heading', { name: 'Update / Delete Product' }).waitFor();
    expect(await field(page, 'Value').inputValue()).toBe('Linen');
    const onUpdate = await widths();
    expect(onUpdate.key).toBeGreaterThanOrEqual(200);
    expect(onUpdate.value).toBeGreaterThanOrEqual(200);
    await context.close();
  });

  test('a missing product says "Product not found" at once, with no retries', async () => {
    const missing = new Types.ObjectId().toString();
    const { context, page } = await signedIn();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/products/${missing}`) calls.push(request.url());
    });
    await page.goto(`${base}/admin/product/update/${missing}`);
    // As found: "Loading…" through 4 attempts (react-query retried after 1 s, 2 s and 4 s). Now the first 404 is
    // the answer: the message is up after that one call.
    await page.getByRole('alert').filter({ hasText: 'Product not found' }).waitFor();
    expect(calls).toHaveLength(1);
    expect(await page.getByText('Loading…').count()).toBe(0);
    await page.getByRole('button', { name: 'All Products' }).click();
    await page.waitForURL(`${base}/admin/allproductslist`);
    await context.close();
  });
});
