/**
 * The shop's search in Chromium (issue #39), against the built API and worker on the demo catalogue: the header's
 * suggestions forgive a typo, a size facet narrows the grid and the address, and synonyms saved in the console are
 * used by the shop's search.
 */
import { expect, test } from '@playwright/test';
import { createAccount } from '../support/fixtures';
import { until } from '../support/polling';
import { newPage, snap, startBrowserStack, waitForTakeover, type BrowserStack } from './browser-support';
import { consoleSession } from './console-support';

test.describe.configure({ timeout: 180_000 });

/** The machine is shared and slow at times: waits are generous (they end as soon as the page is ready). */
const WAIT_MS = 45_000;
const CARD = '[data-testid="product-card"]';

interface Card {
  _id: string;
  name: string;
}
interface FacetValue {
  value: string;
  label: string;
  count: number;
}
interface SearchAnswer {
  hits: Card[];
  total: number;
  facets: Record<'category' | 'brand' | 'size' | 'colour' | 'price' | 'inStock', FacetValue[]>;
  suggestion: string | null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('shop search (browser)', () => {
  let bs: BrowserStack;
  test.beforeAll(async ({ browser: workerBrowser }) => {
    bs = await startBrowserStack(workerBrowser);
  });
  test.afterAll(async () => {
    await bs?.stop();
  });

  /** GET /api/search as the shop asks it. */
  async function search(query: string): Promise<SearchAnswer> {
    return (await bs.stack.http().get(`/api/search?${query}`).expect(200)).body as SearchAnswer;
  }

  test('the header search forgives a typo: "sneekers" suggests the sneakers, and choosing one opens its page', async () => {
    // What the shop's search finds for the misspelt word: sneakers, though no product says "sneekers".
    const found = await search('q=sneekers&pageSize=5');
    expect(found.hits.length).toBeGreaterThan(0);
    const first = found.hits[0];
    expect(first.name.toLowerCase()).toContain('sneaker');

    const { context, page } = await newPage(bs);
    page.setDefaultTimeout(WAIT_MS);
    await page.goto('/');
    await waitForTakeover(page);
    const box = page.getByRole('combobox', { name: 'Search the shop' });
    await box.pressSequentially('sneekers', { delay: 40 });
    const option = page.getByRole('option', { name: new RegExp(`^${escape(first.name)}`) });
    await option.waitFor();
    // Every product suggested is one the search found, in its order. On a slow machine a pause between keys can
    // outlast the debounce: the list then shows the hits for "sn" (the sneakers and a chronograph) until the whole
    // word's answer is in, and it is that list which must match.
    await expect(page.locator('[data-testid="suggestion-product"]')).toHaveText(
      found.hits.map((h) => new RegExp(`^${escape(h.name)}`)),
      { timeout: WAIT_MS },
    );
    await snap(page, 'header-search-typo');
    await option.click();
    await page.waitForURL((u) => u.pathname === `/product/${first._id}`);
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    expect(await box.inputValue()).toBe('');
    await context.close();
  });

  test('ticking a size narrows the grid to the products in that size, and the address carries it through a reload', async () => {
    const all = await search('sort=newest&page=1&pageSize=12');
    // A size that some products come in but not all.
    const size = all.facets.size.find((s) => s.count >= 1 && s.count < all.total);
    if (!size) throw new Error('the demo catalogue has no size that only some products come in');
    const narrowed = await search(`size=${encodeURIComponent(size.value)}&sort=newest&page=1&pageSize=12`);
    expect(narrowed.total).toBe(size.count);

    const { context, page } = await newPage(bs);
    page.setDefaultTimeout(WAIT_MS);
    await page.goto('/shop');
    await waitForTakeover(page);
    const panel = page.locator('aside[aria-label="Filters"]');
    await page.getByText(`${all.total} products`, { exact: true }).waitFor();
    const box = panel.getByRole('checkbox', { name: `Size ${size.label} (${size.count})`, exact: true });
    await box.check();
    await page.waitForURL((u) => u.searchParams.get('size') === size.value);
    await page.getByText(`${size.count} product${size.count === 1 ? '' : 's'}`, { exact: true }).waitFor();
    const names = () => page.locator(`${CARD} h3`).allInnerTexts();
    await until(
      async () => (JSON.stringify(await names()) === JSON.stringify(narrowed.hits.map((h) => h.name)) ? true : undefined),
      30_000,
      'the products in that size',
    );
    expect(await box.isChecked()).toBe(true);
    await snap(page, 'shop-size-facet');

    // The server renders the same narrowed shop from the address.
    await page.reload();
    await waitForTakeover(page);
    expect(await page.locator(`${CARD} h3`).allInnerTexts()).toEqual(narrowed.hits.map((h) => h.name));
    expect(await panel.getByRole('checkbox', { name: `Size ${size.label} (${size.count})`, exact: true }).isChecked()).toBe(true);

    // Unticking it brings every product back and takes it out of the address.
    await panel.getByRole('checkbox', { name: `Size ${size.label} (${size.count})`, exact: true }).uncheck();
    await page.waitForURL((u) => !u.searchParams.has('size'));
    await page.getByText(`${all.total} products`, { exact: true }).waitFor();
    await context.close();
  });

  test('synonyms saved in the console are used by the shop search: a word that found nothing then finds the products', async () => {
    // A made-up word, far from any in the catalogue: it finds nothing yet.
    const word = 'zorblat';
    const target = 'scarf';
    expect((await search(`q=${word}`)).total).toBe(0);
    const scarves = await search(`q=${target}&pageSize=100`);
    expect(scarves.total).toBeGreaterThan(0);

    const admin = await createAccount(bs.stack, 'admin');
    // The search that found nothing is counted (after its answer): listed for the owner once it is.
    await until(
      async () => {
        const misses = (await bs.stack.http().get('/api/search/misses?limit=100').set('Authorization', admin.bearer).expect(200)).body as {
          items: Array<{ query: string }>;
        };
        return misses.items.some((m) => m.query === word) ? true : undefined;
      },
      10_000,
      'the search counted as one that found nothing',
    );
    const { context, page } = await consoleSession(bs.browser, bs.stack, admin, { width: 1440, timeout: WAIT_MS });
    await page.goto(`${bs.baseUrl}/admin/search`);
    await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
    const groups = page.getByTestId('synonym-group');
    await groups.first().waitFor();
    const before = await groups.count();
    const miss = page.getByTestId('search-miss').filter({ hasText: word });
    await miss.waitFor();
    // Start a group from it, and add the word it means.
    await miss.getByRole('button', { name: `Add “${word}” to a new synonym group` }).click();
    const added = page.getByRole('textbox', { name: `Group ${before + 1}` });
    await expect(added).toBeFocused();
    await added.pressSequentially(target);
    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await page.getByText('Synonyms saved').waitFor();
    const saved = (await bs.stack.http().get('/api/search/synonyms').set('Authorization', admin.bearer).expect(200)).body as { groups: string[][] };
    expect(saved.groups).toContainEqual([word, target]);

    // The shop's search for the word now finds the scarves (every instance takes the synonyms within a second).
    const now = await until(
      async () => {
        const answer = await search(`q=${word}&pageSize=100`);
        return answer.total > 0 ? answer : undefined;
      },
      10_000,
      'the synonym in the search',
    );
    expect(now.hits.map((h) => h.name).sort()).toEqual(scarves.hits.map((h) => h.name).sort());
    await page.goto(`${bs.baseUrl}/shop?search=${word}`);
    await waitForTakeover(page);
    await page.getByText(`${now.total} product${now.total === 1 ? '' : 's'} for “${word}”`, { exact: true }).waitFor();
    expect((await page.locator(`${CARD} h3`).allInnerTexts()).sort()).toEqual(
      now.hits
        .slice(0, 12)
        .map((h) => h.name)
        .sort(),
    );
    expect(await page.getByText('No products found.').count()).toBe(0);
    await snap(page, 'shop-search-synonym');
    await context.close();
  });
});
