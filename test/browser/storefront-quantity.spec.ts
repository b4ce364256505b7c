import { expect, test, type Page, type Request } from '@playwright/test';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createAccount, type TestAccount, createProduct } from '../support/fixtures';
import { until } from '../support/polling';
import { expectToast, newPage, signInByStorage, snap, startBrowserStack, type BrowserStack } from './browser-support';

test.describe.configure({ timeout: 300_000 });

/**
 * Issue #22, "typing a quantity on the product page and in the cart": the quantity fields behave like number
 * fields (select and type, clear, arrows, − / +) and clamp to the stock when the edit ends.
 */
test.describe('quantity fields (browser)', () => {
  let bs: BrowserStack;
  let admin: TestAccount;
  let category: string;
  let image: string;
  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
    admin = await createAccount(bs.stack, 'admin');
    [{ _id: category }] = (await bs.stack.http().get('/api/category/categories')).body as Array<{ _id: string }>;
    [{ image }] = (await bs.stack.http().get('/api/products?pageSize=1')).body as Array<{ image: string }>;
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  const db = () => bs.stack.app.get<Connection>(getConnectionToken());
  const serverCart = async (account: TestAccount) => {
    const user = await db().collection('users').findOne({ email: account.email });
    const cart = await db().collection('carts').findOne({ user: user?._id });
    return (cart?.items ?? []) as Array<{ quantity: number; variantSku?: string | null }>;
  };
  const posted = (page: Page, path: string) => page.waitForRequest((r: Request) => r.url().endsWith(path) && ['POST', 'PUT'].includes(r.method()));

  test('on the product page the shopper clears the field, types 3, steps with arrows and buttons, adds 3; over the stock is clamped on blur', async () => {
    const product = await createProduct(bs.stack, admin, category, { name: 'Quantity Linen Tee', price: 12.5, countInStock: 9, image });
    const sized = await createProduct(bs.stack, admin, category, {
      name: 'Quantity Wool Jumper',
      price: 40,
      image,
      variants: [
        { sku: 'QWJ-M', size: 'M', colour: 'Grey', countInStock: 2 },
        { sku: 'QWJ-L', size: 'L', colour: 'Grey', countInStock: 6 },
      ],
    });
    const customer = await createAccount(bs.stack, 'customer');
    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await page.goto(`/product/${product._id}`);

    const field = page.getByRole('spinbutton', { name: 'Quantity' });
    await field.waitFor();
    expect(await field.inputValue()).toBe('1');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await page.getByLabel('Quantity', { exact: true }).count()).toBe(1);

    // Select the field, clear it: it stays empty while the shopper types (no value forced back in).
    await field.click();
    await page.keyboard.press('Backspace');
    expect(await field.inputValue()).toBe('');
    await page.keyboard.type('3');
    expect(await field.inputValue()).toBe('3');

    // Arrow keys and the − / + buttons step from the typed number.
    await page.keyboard.press('ArrowUp');
    expect(await field.inputValue()).toBe('4');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await field.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await field.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await field.inputValue()).toBe('3');

    const sent = posted(page, '/api/cart');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    expect((await sent).postDataJSON()).toMatchObject({ productId: product._id, quantity: 3 });
    await expectToast(page, 'Item added to cart');
    await page
      .getByRole('status')
      .filter({ hasText: /^Added to cart$/ })
      .first()
      .waitFor();
    expect(
      await until(async () => ((await serverCart(customer))[0]?.quantity === 3 ? serverCart(customer) : undefined), 15_000, 'cart of 3'),
    ).toHaveLength(1);

    // More than the stock (9): kept while typing, clamped when the field is left.
    await field.click();
    await page.keyboard.type('50');
    expect(await field.inputValue()).toBe('50');
    await page.keyboard.press('Tab');
    expect(await field.inputValue()).toBe('9');
    expect(await page.getByRole('button', { name: 'Increase quantity' }).isDisabled()).toBe(true);
    // Enter commits too; 0 becomes the minimum of 1, and the − button then stops.
    await field.click();
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe('1');
    expect(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    // Emptied and left, the field goes back to the quantity it had.
    await field.click();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    expect(await field.inputValue()).toBe('1');
    await snap(page, 'quantity-product');

    // With variants, the stock of the chosen one is the limit.
    await page.goto(`/product/${sized._id}`);
    await page.getByRole('button', { name: 'Size M' }).click();
    const colours = page.locator('[aria-labelledby="colour-label"] button');
    if (await colours.count()) await colours.first().click();
    await page.getByText('In Stock (2)').waitFor();
    await field.click();
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    expect(await field.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Size L' }).click();
    if (await colours.count()) await colours.first().click();
    await page.getByText('In Stock (6)').waitFor();
    await field.click();
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    expect(await field.inputValue()).toBe('5');
    const sentSized = posted(page, '/api/cart');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    expect((await sentSized).postDataJSON()).toMatchObject({ productId: sized._id, quantity: 5, variantSku: 'QWJ-L' });
    await page
      .getByRole('status')
      .filter({ hasText: /^Added to cart$/ })
      .first()
      .waitFor();
    await context.close();
  });

  test('in the cart, typing 3 into a line at 8 makes it 3 (not 83), and the line total and subtotal follow once committed', async () => {
    const scarf = await createProduct(bs.stack, admin, category, { name: 'Quantity Silk Scarf', price: 12.5, countInStock: 20, image });
    const cap = await createProduct(bs.stack, admin, category, { name: 'Quantity Cotton Cap', price: 7, countInStock: 4, image });
    const customer = await createAccount(bs.stack, 'customer');
    await bs.stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId: scarf._id, quantity: 8 }).expect(201);
    await bs.stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId: cap._id, quantity: 1 }).expect(201);
    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await page.goto('/cart');

    const line = page.getByTestId('cart-line').filter({ hasText: 'Quantity Silk Scarf' });
    const field = line.getByRole('spinbutton', { name: 'Quantity of Quantity Silk Scarf' });
    await field.waitFor();
    expect(await field.inputValue()).toBe('8');
    expect(await line.getByTestId('cart-line-total').innerText()).toBe('$100.00');
    expect(await page.getByTestId('cart-subtotal').innerText()).toBe('$107.00');

    // Click into the field and type: the typed number replaces the 8.
    await field.click();
    await page.keyboard.type('3');
    expect(await field.inputValue()).toBe('3');
    const update = posted(page, '/api/cart/update');
    await page.keyboard.press('Enter');
    expect((await update).postDataJSON()).toMatchObject({ productId: scarf._id, quantity: 3 });
    await line.getByTestId('cart-line-total').getByText('$37.50', { exact: true }).waitFor();
    await page.getByTestId('cart-subtotal').getByText('$44.50', { exact: true }).waitFor();
    expect(await field.inputValue()).toBe('3');
    await until(async () => ((await serverCart(customer)).some((i) => i.quantity === 3) ? true : undefined), 15_000, 'server line at 3');

    // Cleared with Backspace, it stays empty while editing; left empty, it keeps its quantity.
    await field.click();
    await page.keyboard.press('Backspace');
    expect(await field.inputValue()).toBe('');
    await page.keyboard.press('Tab');
    expect(await field.inputValue()).toBe('3');

    // Over the stock (20) is clamped when the field is left.
    await field.click();
    await page.keyboard.type('30');
    expect(await field.inputValue()).toBe('30');
    await page.keyboard.press('Tab');
    expect(await field.inputValue()).toBe('20');
    await line.getByTestId('cart-line-total').getByText('$250.00', { exact: true }).waitFor();
    await page.getByTestId('cart-subtotal').getByText('$257.00', { exact: true }).waitFor();

    // The other line's buttons are its own.
    const capLine = page.getByTestId('cart-line').filter({ hasText: 'Quantity Cotton Cap' });
    await capLine.getByRole('button', { name: 'Increase quantity of Quantity Cotton Cap' }).click();
    await capLine.getByTestId('cart-line-total').getByText('$14.00', { exact: true }).waitFor();
    await page.getByTestId('cart-subtotal').getByText('$264.00', { exact: true }).waitFor();
    await snap(page, 'quantity-cart');

    const saved = await until(
      async () => {
        const items = await serverCart(customer);
        return items
          .map((i) => i.quantity)
          .sort((a, b) => a - b)
          .join(',') === '2,20'
          ? items
          : undefined;
      },
      15_000,
      'server cart 20 and 2',
    );
    expect(saved).toHaveLength(2);
    await context.close();
  });
});
