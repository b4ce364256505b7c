import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, stubFetch, type Reply, type SeenRequest } from '../../../../../test/web-support/fetch';
import { renderWithProviders } from '../../test/render';
import { NO_FACETS, card, facet, searchAnswer } from '../../test/search';
import ShopPage from './ShopPage';

/** Long enough for the answers on a busy machine. */
const ANSWER = { timeout: 4000 };

const CATEGORIES = [
  {
    _id: '665f1c2ab4d3e8a9c0f1c001',
    id: '665f1c2ab4d3e8a9c0f1c001',
    name: 'Shoes',
    slug: 'shoes',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
];
const SHOES = CATEGORIES[0]._id;

const TRAINERS = card('665f1c2ab4d3e8a9c0f1b001', 'Running Trainers', 95);
const SNEAKERS = card('665f1c2ab4d3e8a9c0f1b002', 'Court Sneakers', 80);
const BOOTS = card('665f1c2ab4d3e8a9c0f1b003', 'Leather Boots', 160);
const SCARF = card('665f1c2ab4d3e8a9c0f1b004', 'Cashmere Scarf', 89);

/** Which shoes come in which sizes. */
const SIZES: Record<string, string[]> = { [TRAINERS._id]: ['40', '41'], [SNEAKERS._id]: ['40', '42'], [BOOTS._id]: ['41'] };

/**
 * A small catalogue behind GET /api/search: the size filter narrows the three shoes; the size counts are
 * disjunctive (every shoe counted, whatever size is ticked); "sneekers" finds nothing and is corrected.
 */
function catalogue(hold?: Promise<void>) {
  return stubFetch(async ({ method, path }): Promise<Reply | undefined> => {
    if (method !== 'GET') return undefined;
    if (path === '/api/category/categories') return { body: CATEGORIES };
    const url = new URL(path, 'http://shop.test');
    if (url.pathname !== '/api/search') return undefined;
    if (hold) await hold;
    const q = url.searchParams.get('q');
    if (q === 'sneekers') return { body: searchAnswer([], { suggestion: 'sneakers', popular: [SCARF, BOOTS] }) };
    const sizes = url.searchParams.getAll('size').flatMap((s) => s.split(','));
    const shoes = [TRAINERS, SNEAKERS, BOOTS];
    const hits = shoes.filter((p) => sizes.length === 0 || SIZES[p._id].some((s) => sizes.includes(s)));
    const sizeCount = (size: string) => shoes.filter((p) => SIZES[p._id].includes(size)).length;
    return {
      body: searchAnswer(hits, {
        facets: {
          ...NO_FACETS,
          category: [facet(SHOES, hits.length, 'Shoes')],
          size: ['40', '41', '42'].map((s) => facet(s, sizeCount(s))),
          price: [
            facet('50-100', hits.filter((h) => h.price < 100).length, '$50 to $100'),
            facet('100-200', hits.filter((h) => h.price >= 100).length, '$100 to $200'),
          ],
          inStock: [facet('true', hits.length, 'In stock')],
        },
      }),
    };
  });
}

const searches = (requests: SeenRequest[]) => requests.filter((r) => r.path.startsWith('/api/search')).map((r) => r.path);
const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/**
 * The shop in a memory router whose address is mirrored into window.location, as a browser's would be (the page
 * builds each change of its address from window.location: lib/live-search-params.ts).
 */
function renderAt(path: string, route: string) {
  window.history.replaceState(null, '', path);
  const rendered = renderWithProviders(<ShopPage />, { path, route });
  rendered.router.subscribe((state) => window.history.replaceState(null, '', `${state.location.pathname}${state.location.search}`));
  return rendered;
}

function renderShop(path: string, hold?: Promise<void>) {
  const fetch = catalogue(hold);
  return { ...fetch, ...renderAt(path, '/shop') };
}

describe('ShopPage on GET /api/search', () => {
  it('shows the skeleton while the search answers, then the products and the facet counts', async () => {
    const answer = deferred<void>();
    const { requests } = renderShop('/shop', answer.promise);
    expect(await screen.findByText('Loading products…')).toBeTruthy();
    expect(screen.getByLabelText('Loading products').getAttribute('aria-busy')).toBe('true');
    answer.resolve();
    await waitFor(() => expect(cardNames()).toEqual(['Running Trainers', 'Court Sneakers', 'Leather Boots']), ANSWER);
    expect(screen.getByText('3 products')).toBeTruthy();
    expect(searches(requests)).toEqual(['/api/search?sort=newest&page=1&pageSize=12']);
    // Each value with its count, the count in its accessible name too.
    expect(screen.getByRole('checkbox', { name: 'Size 40 (2)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Shoes (3)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'In stock (3)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '$100 to $200 (1)' })).toBeTruthy();
    // No search text: no Relevance order, newest first.
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.value).toBe('newest');
    expect(within(sort).queryByRole('option', { name: 'Relevance' })).toBeNull();
  });

  it('narrows the grid when a size is ticked, and keeps the size in the address', async () => {
    const { requests, router, user } = renderShop('/shop?sort=price_asc&page=2');
    const size42 = await screen.findByRole('checkbox', { name: 'Size 42 (1)' }, ANSWER);
    await user.click(size42);
    await waitFor(() => expect(cardNames()).toEqual(['Court Sneakers']), ANSWER);
    expect(where(router)).toBe('/shop?sort=price_asc&size=42');
    expect(searches(requests)).toContain('/api/search?size=42&sort=price_asc&page=1&pageSize=12');
    expect((screen.getByRole('checkbox', { name: 'Size 42 (1)' }) as HTMLInputElement).checked).toBe(true);
    // A second size: either one matches.
    await user.click(screen.getByRole('checkbox', { name: 'Size 41 (2)' }));
    await waitFor(() => expect(cardNames()).toEqual(['Running Trainers', 'Court Sneakers', 'Leather Boots']), ANSWER);
    expect(where(router)).toBe('/shop?sort=price_asc&size=42%2C41');
    // The phones' Filters button (hidden by CSS at this width) counts both.
    expect(screen.getAllByRole('button', { hidden: true }).map((b) => b.textContent)).toContain('Filters (2)');
  });

  it('reads every facet from the address and asks the search for them', async () => {
    const { requests } = renderShop(`/shop?search=boots&category=${SHOES}&brand=Atlas&size=41&colour=Brown&price=3&inStock=1`);
    await waitFor(() => expect(searches(requests).length).toBeGreaterThan(0), ANSWER);
    expect(searches(requests)[0]).toBe(
      `/api/search?q=boots&category=${SHOES}&brand=Atlas&size=41&colour=Brown&minPrice=100&maxPrice=200&inStock=true&sort=relevance&page=1&pageSize=12`,
    );
    // A ticked value the answer does not count stays shown, ticked, so that it can be unticked.
    expect(((await screen.findByRole('checkbox', { name: 'Atlas (0)' }, ANSWER)) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^In stock/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /^\$100 to \$200/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('orders by relevance by default with a search text, and another order goes into the address', async () => {
    const { requests, router, user } = renderShop('/shop?search=trainers');
    const sort = (await screen.findByLabelText('Sort by')) as HTMLSelectElement;
    expect(sort.value).toBe('relevance');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevance', 'Newest', 'Price: low to high', 'Price: high to low', 'Top rated']);
    await user.selectOptions(sort, 'newest');
    await waitFor(() => expect(where(router)).toBe('/shop?search=trainers&sort=newest'));
    await waitFor(() => expect(searches(requests)).toContain('/api/search?q=trainers&sort=newest&page=1&pageSize=12'), ANSWER);
  });

  it('on zero results says so, offers the corrected search as a link that runs it, and shows popular products', async () => {
    const { requests, router, user } = renderShop('/shop?search=sneekers');
    const none = await screen.findByTestId('shop-no-results', {}, ANSWER);
    expect(within(none).getByText('No products found.')).toBeTruthy();
    expect(screen.getByTestId('search-suggestion').textContent).toBe('Did you mean sneakers?');
    expect(within(none).getByRole('heading', { name: 'Popular products', level: 2 })).toBeTruthy();
    expect(
      within(screen.getByTestId('popular-grid'))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Cashmere Scarf', 'Leather Boots']);
    expect(within(none).queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await user.click(within(none).getByRole('link', { name: 'sneakers' }));
    expect(where(router)).toBe('/shop?search=sneakers');
    await waitFor(() => expect(cardNames()).toEqual(['Running Trainers', 'Court Sneakers', 'Leather Boots']), ANSWER);
    expect(screen.queryByText('No products found.')).toBeNull();
    expect(searches(requests)).toContain('/api/search?q=sneakers&sort=relevance&page=1&pageSize=12');
  });

  it('offers to clear the filters when filtered to nothing, keeping the search text', async () => {
    const { router, user } = renderShop('/shop?search=sneekers&size=40');
    const none = await screen.findByTestId('shop-no-results', {}, ANSWER);
    await user.click(within(none).getByRole('button', { name: 'Clear filters' }));
    expect(where(router)).toBe('/shop?search=sneekers');
  });

  it('keeps the search route working: /shop/search/:keyword searches for the keyword', async () => {
    const fetch = catalogue();
    renderAt('/shop/search/sneekers', '/shop/search/:keyword');
    await screen.findByTestId('shop-no-results', {}, ANSWER);
    expect(searches(fetch.requests)[0]).toBe('/api/search?q=sneekers&sort=relevance&page=1&pageSize=12');
  });

  it('ticks the category of a category route', async () => {
    const fetch = catalogue();
    renderAt(`/shop/category/${SHOES}`, '/shop/category/:categoryId');
    expect(((await screen.findByRole('checkbox', { name: 'Shoes (3)' }, ANSWER)) as HTMLInputElement).checked).toBe(true);
    expect(searches(fetch.requests)[0]).toBe(`/api/search?category=${SHOES}&sort=newest&page=1&pageSize=12`);
  });
});
