import { expect, test, type Page } from '@playwright/test';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createAccount } from '../support/fixtures';
import { newPage, signInByStorage, snap, startBrowserStack, type BrowserStack } from './browser-support';

test.describe.configure({ timeout: 300_000 });

interface ApiProduct {
  _id: string;
  name: string;
  price: number;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Dollars times a quantity in whole cents, as a shopper would work it out. */
const total = (price: number, quantity: number) => money.format((Math.round(price * 100) * quantity) / 100);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Clicks the product page's Add to Cart and waits for the server to have saved it. */
async function addOnProductPage(page: Page, id: string): Promise<void> {
  if (!page.url().endsWith(`/product/${id}`)) await page.goto(`/product/${id}`);
  const add = page.getByRole('button', { name: 'Add to Cart' }).first();
  await add.waitFor();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'POST');
  await add.click();
  expect((await saved).status()).toBeLessThan(300);
}

/** The storefront header (issue #22): the mini-cart from the cart button, and the search's suggestions. */
test.describe('storefront header (browser)', () => {
  let bs: BrowserStack;
  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  const db = () => bs.stack.app.get<Connection>(getConnectionToken());

  /** Published products sold without variants, with stock for two. */
  async function simpleProducts(count: number): Promise<ApiProduct[]> {
    const rows = await db()
      .collection('products')
      .find({ status: 'published', countInStock: { $gte: 3 }, 'variants.0': { $exists: false } })
      .limit(count)
      .toArray();
    expect(rows).toHaveLength(count);
    return Promise.all(rows.map(async (r) => (await bs.stack.http().get(`/api/products/${String(r._id)}`)).body as ApiProduct));
  }

  test('the cart button shows the count and opens the mini-cart with each line total, the subtotal, checkout and the cart link', async () => {
    const customer = await createAccount(bs.stack, 'customer');
    const [twice, once] = await simpleProducts(2);
    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await page.goto('/');
    await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor();

    await addOnProductPage(page, twice._id);
    await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
    await addOnProductPage(page, twice._id);
    await addOnProductPage(page, once._id);

    const cartButton = page.getByRole('button', { name: /^Cart, / });
    await page.getByRole('button', { name: 'Cart, 3 items' }).waitFor();
    expect(await page.getByTestId('header-cart-badge').innerText()).toBe('3');
    await cartButton.click();
    const dialog = page.getByRole('dialog', { name: 'Shopping cart' });
    await dialog.waitFor();
    await dialog.getByTestId('mini-cart-line').nth(1).waitFor();
    expect(await dialog.getByTestId('mini-cart-line').count()).toBe(2);
    expect(await dialog.getByTestId('mini-cart-count').innerText()).toBe('3 items');
    const line = (p: ApiProduct) => dialog.getByTestId('mini-cart-line').filter({ has: page.getByRole('link', { name: p.name, exact: true }) });
    expect(await line(twice).getByTestId('mini-cart-line-quantity').innerText()).toBe(`Qty 2 × ${money.format(twice.price)}`);
    expect(await line(twice).getByTestId('mini-cart-line-total').innerText()).toBe(total(twice.price, 2));
    expect(await line(once).getByTestId('mini-cart-line-quantity').innerText()).toBe(`Qty 1 × ${money.format(once.price)}`);
    expect(await line(once).getByTestId('mini-cart-line-total').innerText()).toBe(total(once.price, 1));
    const subtotal = (Math.round(twice.price * 100) * 2 + Math.round(once.price * 100)) / 100;
    expect(await dialog.getByTestId('mini-cart-subtotal').innerText()).toBe(money.format(subtotal));
    await snap(page, 'mini-cart-desktop');

    // Escape closes it and gives the focus back to the cart button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await cartButton.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);

    await cartButton.click();
    await dialog.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('cart-line').nth(1).waitFor();

    await cartButton.click();
    await dialog.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  test('at 390 px the header sits under the top bar without covering the heading, and a guest sees an empty mini-cart', async () => {
    const { context, page } = await newPage(bs, { width: 390, height: 844 });
    await page.goto('/shop');
    const heading = page.getByRole('heading', { level: 1, name: 'Shop' });
    await heading.waitFor();
    // The spec's mobile top bar and its drawer stay.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    const header = page.locator('header', { has: page.getByRole('button', { name: /^Cart, / }) });
    const headerBox = await header.boundingBox();
    const headingBox = await heading.boundingBox();
    expect(headerBox).not.toBeNull();
    expect(headingBox).not.toBeNull();
    expect(headerBox!.y).toBeGreaterThanOrEqual(48);
    expect(headingBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
    expect(headerBox!.width).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'Sign in to your account' }).waitFor();
    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shopping cart' });
    await dialog.getByText('Your cart is empty for now.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Checkout' }).count()).toBe(0);
    await snap(page, 'mini-cart-mobile-empty');
    await dialog.getByRole('button', { name: 'Close cart' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  test('search suggests products and categories as you type: a product leads to its page, a category to the filtered shop, Enter to the search', async () => {
    const [product] = await simpleProducts(1);
    const categories = (await bs.stack.http().get('/api/category/categories')).body as Array<{ _id: string; name: string }>;
    const category = [...categories].sort((a, b) => b.name.length - a.name.length)[0];
    const { context, page } = await newPage(bs);
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search the shop' });

    // Part of the product's name, typed key by key.
    const part = product.name.slice(1, Math.max(4, product.name.length - 1)).toLowerCase();
    await search.pressSequentially(part, { delay: 40 });
    const option = page.getByRole('option', { name: new RegExp(`^${escape(product.name)}`) });
    await option.waitFor();
    await snap(page, 'header-search');
    await option.click();
    await page.waitForURL((u) => u.pathname === `/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // A category's name suggests the category; the keyboard picks it.
    await search.fill('');
    await search.pressSequentially(category.name, { delay: 40 });
    const categoryOption = page.getByRole('option', { name: new RegExp(`^${escape(category.name)}\\s*Shop this category`) });
    await categoryOption.waitFor();
    expect(await page.getByRole('option').first().innerText()).toContain(category.name);
    await search.press('ArrowDown');
    // The combobox points at the highlighted option.
    expect(await search.getAttribute('aria-activedescendant')).toBe(await page.getByRole('option').first().getAttribute('id'));
    await search.press('Enter');
    await page.waitForURL((u) => u.pathname === `/shop/category/${category._id}`);
    await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();

    // Enter with text and no suggestion picked: the shop's search.
    await search.fill('');
    await search.pressSequentially('wool', { delay: 20 });
    await search.press('Escape');
    await search.press('Enter');
    await page.waitForURL((u) => u.pathname === '/shop' && u.searchParams.get('search') === 'wool');
    await context.close();
  });
});
