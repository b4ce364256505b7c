import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/fixtures';
import { until } from '../support/polling';
import { expectToast, newPage, signInByStorage, snap, startBrowserStack, waitForTakeover, type BrowserStack } from './browser-support';

test.describe.configure({ timeout: 240_000 });

// Globals of the page, for the callbacks run inside it by page.evaluate (this program has no DOM lib).
declare const window: { scrollY: number; innerHeight: number; scrollTo(x: number, y: number): void };
declare const document: { body: { scrollHeight: number }; documentElement: { scrollHeight: number }; querySelector(selector: string): object | null };
declare const location: { search: string };
declare class Event {
  constructor(type: string, init?: { bubbles?: boolean });
}
interface ShopInput {
  dispatchEvent(event: Event): boolean;
  form: { requestSubmit(): void };
}
interface CardElement {
  textContent: string | null;
  querySelector(selector: string): { textContent: string | null } | null;
}

type Listed = { _id: string; name: string; price: number; countInStock: number; variants?: unknown[] };
type FacetValue = { value: string; label: string; count: number };
type Searched = { hits: Listed[]; total: number; facets: { category: FacetValue[] } };

const PHONE = { width: 390, height: 844 };
/** The machine is shared and slow at times: waits are generous (they end as soon as the page is ready). */
const WAIT_MS = 45_000;
const CARD = '[data-testid="product-card"]';

/** The card's price: the first amount on it (a sale card shows its old price after it). */
const PRICE = /\$([\d,]+\.\d{2})/;

/** Name and price of every card shown, in order. */
async function shownCards(page: Page): Promise<Array<{ name: string; price: number }>> {
  const texts = await page
    .locator(CARD)
    .evaluateAll((cards: CardElement[]) => cards.map((c) => [c.querySelector('h3')?.textContent ?? '', c.textContent ?? '']));
  return texts.map(([name, text]) => {
    const match = PRICE.exec(text);
    if (!match) throw new Error(`no price on the card of ${name}`);
    return { name, price: Number(match[1].replace(/,/g, '')) };
  });
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);
const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);

/** Waits until the cards shown are these names in this order (the page renders a new answer in the background). */
async function waitForNames(page: Page, names: string[], what: string): Promise<void> {
  await until(
    async () => {
      const shown = (await shownCards(page)).map((c) => c.name);
      return JSON.stringify(shown) === JSON.stringify(names) ? true : undefined;
    },
    30_000,
    what,
  );
}

/** The mobile shop, in headless Chromium at 390 x 844 against the real API and the demo catalogue. */
test.describe('mobile shop (browser, 390 px)', () => {
  let bs: BrowserStack;
  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  test('shows products on the first screen in two columns; the filter drawer and the sort change the list and the URL; reload and back keep both', async () => {
    const { context, page } = await newPage(bs, PHONE);
    page.setDefaultTimeout(WAIT_MS);
    await page.goto('/shop');
    const first = page.locator(CARD).first();
    await first.waitFor({ state: 'visible' });
    await snap(page, 'mobile-shop');

    // The first screen shows a product: the first card starts inside the 844 px viewport, with no scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await first.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height / 2).toBeLessThan(PHONE.height);
    // Two columns: the second card sits beside the first, and both fit the width.
    const second = await page.locator(CARD).nth(1).boundingBox();
    expect(Math.abs(second!.y - box!.y)).toBeLessThan(2);
    expect(second!.x).toBeGreaterThan(box!.x + box!.width - 1);
    expect(second!.x + second!.width).toBeLessThanOrEqual(PHONE.width);
    // The side panel is not shown on phones: its filters are in the drawer.
    expect(await page.locator('aside[aria-label="Filters"]').isVisible()).toBe(false);

    // The drawer opens from 'Filters (0)'; it is a dialog named Filters.
    await page.getByRole('button', { name: 'Filters (0)', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor({ state: 'visible' });
    await snap(page, 'mobile-shop-filters');
    const categories = drawer.getByTestId('facet-category').getByRole('checkbox');
    await categories.first().waitFor({ state: 'visible' });

    // Closing it without Apply changes nothing.
    await categories.first().check();
    await drawer.getByRole('button', { name: 'Close filters' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Filters (0)', exact: true }).waitFor();

    // Choose a category and Apply: the list becomes that category's products, newest first, and the button counts 1.
    const before = (await shownCards(page)).map((c) => c.name);
    await page.getByRole('button', { name: 'Filters (0)', exact: true }).click();
    await drawer.waitFor({ state: 'visible' });
    // The categories as the drawer counts them (GET /api/search's facet, the shop's first page unfiltered).
    const { facets } = (await bs.stack.http().get('/api/search?sort=newest&page=1&pageSize=12').expect(200)).body as Searched;
    // A category with some products but not all of them, so the list must change.
    let chosen: { _id: string; name: string; label: string; names: string[] } | undefined;
    for (const category of facets.category) {
      if (category.count < 2) continue;
      const answer = (await bs.stack.http().get(`/api/search?category=${category.value}&sort=newest&page=1&pageSize=12`).expect(200))
        .body as Searched;
      const names = answer.hits.map((p) => p.name);
      if (names.length >= 2 && JSON.stringify(names) !== JSON.stringify(before)) {
        chosen = { _id: category.value, name: category.label, label: `${category.label} (${category.count})`, names };
        break;
      }
    }
    if (!chosen) throw new Error('the demo catalogue has no category with two or more products');
    // Each category is named with its count.
    expect(await drawer.getByRole('checkbox', { name: chosen.label, exact: true }).isChecked()).toBe(false);
    await drawer.getByRole('checkbox', { name: chosen.label, exact: true }).check();
    // The drawer counts what Apply will show.
    await drawer.getByText(`${chosen.names.length} products match`, { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Apply', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Filters (1)', exact: true }).waitFor();
    await waitForNames(page, chosen.names, `the ${chosen.name} products`);

    // Sort by price, low to high: the category's products cheapest first, and the URL says so.
    const sortBy = page.getByLabel('Sort by');
    await sortBy.selectOption('price_asc');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'price_asc');
    const cheapest = (await bs.stack.http().get(`/api/search?category=${chosen._id}&sort=price_asc&page=1&pageSize=12`).expect(200)).body as Searched;
    await waitForNames(
      page,
      cheapest.hits.map((p) => p.name),
      'the cheapest first',
    );
    const up = (await shownCards(page)).map((c) => c.price);
    expect(ascending(up)).toBe(true);
    expect(up[0]).toBeLessThan(up[up.length - 1]);
    await snap(page, 'mobile-shop-sorted');

    // Then high to low.
    await sortBy.selectOption('price_desc');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'price_desc');
    await until(
      async () => {
        const prices = (await shownCards(page)).map((c) => c.price);
        return prices.length >= 2 && descending(prices) && prices[0] > prices[prices.length - 1] ? true : undefined;
      },
      30_000,
      'the dearest first',
    );
    expect((await shownCards(page)).map((c) => c.name).sort()).toEqual([...chosen.names].sort());
    expect(await page.getByRole('button', { name: 'Filters (1)', exact: true }).isVisible()).toBe(true);

    // Back: the previous order comes back with the URL.
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'price_asc');
    expect(await sortBy.inputValue()).toBe('price_asc');

    // Reload keeps the sort and the filter (both are in the URL): the category's products, cheapest first.
    await page.reload();
    await page.locator(CARD).first().waitFor({ state: 'visible' });
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price_asc');
    expect(new URL(page.url()).searchParams.get('category')).toBe(chosen._id);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');
    await waitForNames(
      page,
      cheapest.hits.map((p) => p.name),
      'the category, cheapest first, after a reload',
    );
    await page.getByRole('button', { name: 'Filters (1)', exact: true }).waitFor();
    await context.close();
  });

  test('shows a sticky Add to Cart bar with the price on a product page that adds to the cart, and keeps room for the footer', async () => {
    const customer = await createAccount(bs.stack, 'customer');
    const listed = (await bs.stack.http().get('/api/products?pageSize=100').expect(200)).body as Listed[];
    const product = listed.find((p) => !p.variants?.length && p.countInStock > 2);
    if (!product) throw new Error('the demo catalogue has no simple product in stock');
    const { context, page } = await newPage(bs, PHONE);
    page.setDefaultTimeout(WAIT_MS);
    await signInByStorage(bs, page, customer);
    await page.goto(`/product/${product._id}`);
    await waitForTakeover(page);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();

    const bar = page.getByRole('region', { name: 'Add to cart' });
    await bar.waitFor({ state: 'visible' });
    await snap(page, 'mobile-product-sticky');
    // Fixed at the bottom of the screen, price and button on it.
    const box = await bar.boundingBox();
    expect(Math.round(box!.y + box!.height)).toBe(PHONE.height);
    expect(box!.width).toBe(PHONE.width);
    expect(await bar.getByTestId('sticky-price').innerText()).toBe(await page.getByTestId('product-price').innerText());
    const add = bar.getByRole('button', { name: 'Add to Cart', exact: true });
    expect(await add.isEnabled()).toBe(true);

    // It stays on screen while scrolling; at the very bottom the footer ends above it (the page keeps room for it).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await until(
      async () =>
        (await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)) ? true : undefined,
      10_000,
      'the bottom of the page',
    );
    const footer = await page.locator('footer').boundingBox();
    const barAtBottom = await bar.boundingBox();
    expect(footer!.y + footer!.height).toBeLessThanOrEqual(barAtBottom!.y + 1);

    // It adds to the cart.
    await add.click();
    await expectToast(page, 'Item added to cart');
    const cart = await until(
      async () => {
        const res = await bs.stack.http().get('/api/cart').set('Authorization', customer.bearer);
        const line = (res.body as { items: Array<{ productId: string; quantity: number }> }).items.find((i) => i.productId === product._id);
        return line;
      },
      15_000,
      'the product in the cart',
    );
    expect(cart.quantity).toBe(1);
    await context.close();
  });

  test('at 1440 px keeps the side filter panel, shows the sort control, and neither the Filters button nor the sticky bar', async () => {
    const { context, page } = await newPage(bs);
    page.setDefaultTimeout(WAIT_MS);
    await page.goto('/shop?sort=price_desc');
    await page.locator(CARD).first().waitFor({ state: 'visible' });
    expect(await page.locator('aside[aria-label="Filters"]').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).count()).toBe(0);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_desc');
    const dearest = await bs.stack.http().get('/api/products?page=1&pageSize=12&sort=-price').expect(200);
    await waitForNames(
      page,
      (dearest.body as Listed[]).map((p) => p.name),
      'the dearest first',
    );
    expect(descending((await shownCards(page)).map((c) => c.price))).toBe(true);

    const [one] = (await bs.stack.http().get('/api/products?pageSize=1').expect(200)).body as Listed[];
    await page.goto(`/product/${one._id}`);
    await page.getByRole('heading', { name: 'Customer reviews' }).waitFor();
    expect(await page.getByTestId('sticky-add-to-cart').isVisible()).toBe(false);
    await context.close();
  });

  test('keeps the category and price filters in the address at 1440 px: a reload shows the same filtered list, Back unticks', async () => {
    const { context, page } = await newPage(bs);
    page.setDefaultTimeout(WAIT_MS);
    await page.goto('/shop');
    await waitForTakeover(page);
    const category = page.locator('aside[aria-label="Filters"] [data-testid="facet-category"] input[type="checkbox"]').first();
    const categoryId = await category.getAttribute('value');
    // Found by its id from here on: the facet's order follows its counts, which the price filter changes.
    const ticked = page.locator(`aside[aria-label="Filters"] [data-testid="facet-category"] input[value="${categoryId}"]`);
    await category.check();
    await page.waitForURL((u) => u.searchParams.get('category') === categoryId);
    await page.locator('aside[aria-label="Filters"] input[type="radio"]').first().check();
    await page.waitForURL((u) => u.searchParams.get('category') === categoryId && u.searchParams.get('price') === '0');
    // The count for these filters, from the API. (While the filtered page loads, the page may still show the
    // last page and its count: reading the count off the page here once took a stale one.)
    const answer = (await bs.stack.http().get(`/api/search?category=${categoryId}&minPrice=0&maxPrice=25&sort=newest&page=1&pageSize=12`).expect(200))
      .body as Searched;
    const total = answer.total;
    const shown = `${total} product${total === 1 ? '' : 's'}`;
    await page.getByText(shown, { exact: true }).waitFor();

    // A reload shows the same filtered list (the server renders it from the address), with the same boxes ticked.
    await page.reload();
    await waitForTakeover(page);
    expect(await ticked.isChecked()).toBe(true);
    expect(await page.locator('aside[aria-label="Filters"] input[type="radio"]').first().isChecked()).toBe(true);
    await page.getByText(shown, { exact: true }).waitFor();

    // Back undoes the price, then the category.
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('category') === categoryId && !u.searchParams.has('price'));
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('category'));
    await until(async () => ((await ticked.isChecked()) ? undefined : true), 10_000, 'the category unticked');
    await context.close();
  });

  test('keeps a search sent a moment before a category is ticked, and the sort with it (the click lands before the search has rendered)', async () => {
    const { context, page } = await newPage(bs);
    page.setDefaultTimeout(WAIT_MS);
    await page.goto('/shop?sort=price_asc');
    await page.locator(CARD).first().waitFor({ state: 'visible' });
    await waitForTakeover(page);
    const word = (await page.locator(`${CARD} h3`).first().innerText()).split(/\s+/)[0];
    // The tick renders at once with the page's last params, so a first call may go without the search; the one
    // that counts follows with it. When the search is lost, no call ever carries it.
    const filtered = page.waitForRequest(
      (r) => {
        const url = new URL(r.url());
        if (url.pathname !== '/api/search' || r.method() !== 'GET') return false;
        return url.searchParams.getAll('category').length > 0 && url.searchParams.get('q') === word;
      },
      { timeout: 20_000 },
    );
    // In one go inside the page, as a quick shopper on a slow phone would: the search is sent, and the first
    // category is ticked as soon as the address has changed, before the router's render of it has committed.
    await page.evaluate(async (text: string) => {
      const input = document.querySelector('aside [data-testid="shop-search"]') as unknown as ShopInput;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.form.requestSubmit();
      for (let i = 0; i < 10_000 && !location.search.includes('search='); i++) await Promise.resolve();
      (
        document.querySelector('aside[aria-label="Filters"] [data-testid="facet-category"] input[type="checkbox"]') as unknown as { click(): void }
      ).click();
    }, word);
    const sent = new URL((await filtered).url()).searchParams;
    expect(sent.getAll('category')).toHaveLength(1);
    expect(sent.get('sort')).toBe('price_asc');
    await page.waitForURL((u) => u.searchParams.get('search') === word && u.searchParams.get('sort') === 'price_asc');
    await context.close();
  });
});
