import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, type SeenRequest } from '../../../../../test/web-support/fetch';
import { renderWithProviders } from '../../test/render';
import HeaderSearch from './HeaderSearch';

/** Long enough for the 250 ms pause in typing and the answers, on a busy machine. */
const SUGGESTIONS = { timeout: 4000 };

const CATEGORIES = [
  {
    _id: '665f1c2ab4d3e8a9c0f1c001',
    id: '665f1c2ab4d3e8a9c0f1c001',
    name: 'Linen',
    slug: 'linen',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  {
    _id: '665f1c2ab4d3e8a9c0f1c002',
    id: '665f1c2ab4d3e8a9c0f1c002',
    name: 'Knitwear',
    slug: 'knitwear',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
];

const product = (id: string, name: string, price: number) => ({
  _id: id,
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  price,
  image: `/uploads/${id}.jpg`,
  brand: 'Threadline',
  countInStock: 5,
});
const LINEN_SHIRT = product('665f1c2ab4d3e8a9c0f1b011', 'Linen Shirt', 49);
const LINEN_TROUSERS = product('665f1c2ab4d3e8a9c0f1b012', 'Linen Trousers', 65.5);

/** The catalogue's search (GET /api/search): the products whose name holds the text, or "sneekers" corrected. */
function catalogue() {
  return stubFetch(({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/category/categories') return { body: CATEGORIES };
    const url = new URL(path, 'http://shop.test');
    if (url.pathname === '/api/search') {
      const text = (url.searchParams.get('q') ?? '').toLowerCase();
      const hits = [LINEN_SHIRT, LINEN_TROUSERS].filter((p) => p.name.toLowerCase().includes(text));
      const suggestion = hits.length === 0 && text === 'shirtt' ? 'shirt' : null;
      return {
        body: { hits, total: hits.length, page: 1, pageSize: Number(url.searchParams.get('pageSize')), facets: NO_FACETS, suggestion, popular: [] },
      };
    }
    return undefined;
  });
}

const NO_FACETS = { category: [], brand: [], size: [], colour: [], price: [], inStock: [] };

const productSearches = (requests: SeenRequest[]) => requests.filter((r) => r.path.startsWith('/api/search')).map((r) => r.path);

function setup() {
  const rendered = renderWithProviders(<HeaderSearch />, { path: '/' });
  return { ...rendered, box: screen.getByRole('combobox', { name: 'Search the shop' }) as HTMLInputElement };
}

describe('HeaderSearch', () => {
  it('waits for two characters, then suggests the matching categories first and the products found', async () => {
    const { requests } = catalogue();
    const { box, user } = setup();
    expect(screen.getByRole('search', { name: 'Site search' })).toBeTruthy();

    await user.type(box, 'l');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'in');

    const listbox = await screen.findByRole('listbox', {}, SUGGESTIONS);
    await within(listbox).findByRole('option', { name: /Linen Trousers/ }, SUGGESTIONS);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['LinenShop this category', 'Linen Shirt$49.00', 'Linen Trousers$65.50']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // One search, once typing paused (not one per key), asking for at most five products.
    expect(productSearches(requests)).toEqual(['/api/search?q=lin&pageSize=5']);
  });

  it('opens the product page of a picked product and empties the box', async () => {
    catalogue();
    const { box, router, user } = setup();
    await user.type(box, 'shirt');
    await user.click(await screen.findByRole('option', { name: /Linen Shirt/ }, SUGGESTIONS));
    expect(router.state.location.pathname).toBe(`/product/${LINEN_SHIRT._id}`);
    expect(box.value).toBe('');
  });

  it('opens the shop filtered by a picked category, from the keyboard', async () => {
    catalogue();
    const { box, router, user } = setup();
    await user.type(box, 'linen');
    await screen.findByRole('option', { name: /Linen Shirt/ }, SUGGESTIONS);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe(`/shop/category/${CATEGORIES[0]._id}`);
  });

  it("runs the shop's search for the typed text on Enter", async () => {
    catalogue();
    const { box, router, user } = setup();
    await user.type(box, ' linen shirt {Enter}');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/shop?search=linen%20shirt');
    expect(box.value).toBe('linen shirt');
  });

  it('says it is searching, then offers nothing when nothing matches', async () => {
    const { requests } = catalogue();
    const { box, user } = setup();
    await user.type(box, 'velvet');
    expect(await screen.findByText('Searching…')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Searching…')).toBeNull(), SUGGESTIONS);
    expect(productSearches(requests)).toEqual(['/api/search?q=velvet&pageSize=5']);
    // A free-text box: with nothing to suggest the list stays closed (MUI shows no "no options" text in freeSolo
    // mode), and Enter still searches the shop for the text.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it("offers the search's correction when the text found nothing, and picking it runs the shop's search for it", async () => {
    catalogue();
    const { box, router, user } = setup();
    await user.type(box, 'shirtt');
    const correction = await screen.findByRole('option', { name: /shirt/ }, SUGGESTIONS);
    expect(correction.textContent).toBe('shirtSearch for this instead');
    expect(screen.getByText('Did you mean')).toBeTruthy();
    await user.click(correction);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/shop?search=shirt');
    expect(box.value).toBe('shirt');
  });
});
