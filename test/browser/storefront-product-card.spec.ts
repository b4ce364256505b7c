/**
 * The product card on phones: its price and its cart button side by side, neither covering the other, at 390 px
 * and at 320 px, in the shop's two-column grid. Uses the BUILT storefront: `node tools/build.mjs --if-missing` first.
 */
import { expect, test, type Locator } from '@playwright/test';
import { newPage, snap, startBrowserStack, waitForTakeover, type BrowserStack } from './browser-support';

test.describe.configure({ timeout: 180_000 });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** The machine is shared and slow at times: waits are generous (they end as soon as the page is ready). */
const WAIT_MS = 45_000;

/** The card's price as shown, e.g. $189.00 (the first one on a sale card is the current price). */
const PRICE_TEXT = /^\$[\d,]+\.\d{2}$/;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('storefront: the product card on a phone', () => {
  let bs: BrowserStack;

  test.beforeAll(async ({ browser }) => {
    bs = await startBrowserStack(browser);
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  for (const width of [390, 320]) {
    test(`at ${width} px the price and the cart button sit side by side on one row, without overlap, inside the card`, async () => {
      const { context, page } = await newPage(bs, { width, height: 844 });
      page.setDefaultTimeout(WAIT_MS);
      await page.goto('/shop');
      await waitForTakeover(page);
      const cards = page.getByTestId('product-card');
      await expect(cards.first()).toBeVisible();
      await snap(page, `product-card-${width}`);
      const checked = Math.min(await cards.count(), 6);
      expect(checked).toBeGreaterThan(1);
      for (let i = 0; i < checked; i++) {
        const card = cards.nth(i);
        const cardBox = await boxOf(card);
        // Found as a shopper finds them: the amount shown, and the card's cart action by its name.
        const price = await boxOf(card.getByText(PRICE_TEXT).first());
        const button = await boxOf(
          card.getByRole('button', { name: /^(Add to Cart|Out of Stock)$/ }).or(card.getByRole('link', { name: 'Choose size' })),
        );
        const name = (await card.locator('h3').textContent()) ?? `card ${i}`;
        expect(overlaps(price, button), `${name}: the price and the button overlap`).toBe(false);
        // Side by side: the price left of the button, their rows sharing a line.
        expect(price.x + price.width, `${name}: the price ends after the button starts`).toBeLessThanOrEqual(button.x);
        const sharedHeight = Math.min(price.y + price.height, button.y + button.height) - Math.max(price.y, button.y);
        expect(sharedHeight, `${name}: the price is not beside the button`).toBeGreaterThan(0);
        for (const part of [price, button]) {
          expect(part.x, `${name}: sticks out on the left`).toBeGreaterThanOrEqual(cardBox.x);
          expect(part.x + part.width, `${name}: sticks out on the right`).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
        }
      }
      await context.close();
    });
  }
});
