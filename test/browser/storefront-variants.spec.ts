import { expect, test } from '@playwright/test';
import { createAccount, type TestAccount } from '../support/fixtures';
import { newPage, settled, signInByStorage, snap, startBrowserStack, waitForTakeover, type BrowserStack } from './browser-support';

test.describe.configure({ timeout: 300_000 });

interface DemoVariant {
  sku: string;
  size: string | null;
  colour: string | null;
  countInStock: number;
  image: string | null;
}
interface DemoProduct {
  _id: string;
  name: string;
  image: string;
  countInStock: number;
  variants: DemoVariant[];
}

/**
 * Issue #39, "variants a shopper can choose", on the demo catalogue: a sold-out size is crossed out and can't be
 * chosen, and choosing a colour shows its picture, which then follows the line into the cart and the mini-cart.
 * The products are found in the demo catalogue by what they are (a size sold out in every colour; a second colour
 * with a picture of its own), not by name, so the test holds whatever the demo copy says.
 */
test.describe('variants on the product page (browser)', () => {
  let bs: BrowserStack;
  let customer: TestAccount;
  let products: DemoProduct[];
  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
    customer = await createAccount(bs.stack, 'customer');
    products = (await bs.stack.http().get('/api/products?pageSize=100')).body as DemoProduct[];
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  test('a size sold out in every colour is crossed out, named sold out, and cannot be chosen; a size in stock can', async () => {
    const found = products
      .filter((p) => p.countInStock > 0)
      .flatMap((p) => {
        const sizes = [...new Set(p.variants.map((v) => v.size).filter((s): s is string => !!s))];
        const soldOut = sizes.find((s) => p.variants.filter((v) => v.size === s).every((v) => v.countInStock === 0));
        const inStock = sizes.find((s) => p.variants.some((v) => v.size === s && v.countInStock > 0));
        return soldOut && inStock ? [{ product: p, soldOut, inStock }] : [];
      })[0];
    expect(found, 'the demo catalogue has a product in stock with a size sold out in every colour').toBeDefined();
    const { product, soldOut, inStock } = found!;

    const { context, page } = await newPage(bs);
    await page.goto(`/product/${product._id}`);
    await waitForTakeover(page);
    const sizes = page.locator('[aria-labelledby="size-label"]');
    const crossed = sizes.getByRole('button', { name: `Size ${soldOut}, sold out`, exact: true });
    await expect(crossed).toBeDisabled();
    await expect(crossed).toHaveCSS('text-decoration-line', 'line-through');
    await expect(crossed).toHaveAttribute('aria-pressed', 'false');
    // Clicking it anyway (past the disabled check) chooses nothing.
    await crossed.click({ force: true });
    await expect(crossed).toHaveAttribute('aria-pressed', 'false');
    await expect(sizes.getByRole('button', { pressed: true })).toHaveCount(0);

    const available = sizes.getByRole('button', { name: `Size ${inStock}`, exact: true });
    await expect(available).toBeEnabled();
    await available.click();
    await expect(available).toHaveAttribute('aria-pressed', 'true');
    await snap(page, 'variants-sold-out-size');
    await context.close();
  });

  test("choosing a colour shows its picture, and the cart and mini-cart lines then show that colour's picture", async () => {
    const found = products
      .filter((p) => p.countInStock > 0)
      .flatMap((p) => {
        const colours = [...new Set(p.variants.map((v) => v.colour).filter((c): c is string => !!c))];
        const picture = (c: string) => p.variants.find((v) => v.colour === c && v.image)?.image;
        // A colour after the first whose picture is not the product's main one, with a variant in stock.
        const colour = colours
          .slice(1)
          .find((c) => picture(c) && picture(c) !== p.image && p.variants.some((v) => v.colour === c && v.countInStock > 0));
        if (!colour) return [];
        const variant = p.variants.find((v) => v.colour === colour && v.countInStock > 0)!;
        return [{ product: p, colour, image: picture(colour)!, variant }];
      })[0];
    expect(found, 'the demo catalogue has a product with a second colour pictured on its own').toBeDefined();
    const { product, colour, image, variant } = found!;

    const { context, page } = await newPage(bs);
    await signInByStorage(bs, page, customer);
    await page.goto(`/product/${product._id}`);
    await waitForTakeover(page);
    const main = page.getByTestId('product-main-image');
    await expect(main).toHaveAttribute('src', product.image);

    await page
      .locator('[aria-labelledby="colour-label"]')
      .getByRole('button', { name: `Colour ${colour}`, exact: true })
      .click();
    await expect(main).toHaveAttribute('src', image);
    if (variant.size)
      await page
        .locator('[aria-labelledby="size-label"]')
        .getByRole('button', { name: `Size ${variant.size}`, exact: true })
        .click();
    await expect(main).toHaveAttribute('src', image);
    await snap(page, 'variants-colour-picture');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toMatchObject({ productId: product._id, variantSku: variant.sku });
    // The server's answer replaces the line the page added at once: from here on the line is the server's.
    await settled(page);

    // The mini-cart shows the cart as the server answered it.
    await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Shopping cart' });
    const line = dialog.getByTestId('mini-cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.locator('img').first()).toHaveAttribute('src', image);
    await page.keyboard.press('Escape');

    // The cart page, loaded afresh: the line as the server keeps it.
    const cartRead = page.waitForResponse((r) => /\/api\/cart(\?|$)/.test(r.url()) && r.request().method() === 'GET');
    await page.goto('/cart');
    await cartRead;
    await waitForTakeover(page);
    await settled(page);
    const picture = page.getByRole('img', { name: product.name, exact: true });
    await expect(picture).toHaveAttribute('src', image);
    await snap(page, 'variants-cart-line');
    await context.close();
  });
});
