import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../../test/web-support/fetch';
import { renderWithProviders } from '../../test/render';
import { NO_FACETS, facet } from '../../test/search';
import type { SearchFacets } from '../../lib/models';
import { FACET_VALUES_SHOWN, ShopFilterPanel } from './ShopFilterPanel';
import { NO_FILTERS, type ShopFilters } from './shop-filters';

const CATEGORY = '665f1c2ab4d3e8a9c0f1c001';
const CATEGORIES = [
  { _id: CATEGORY, id: CATEGORY, name: 'Knitwear', slug: 'knitwear', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
];

const COLOURS = ['Black', 'Navy', 'Grey', 'Cream', 'Olive', 'Camel', 'Burgundy', 'White', 'Rust', 'Sage'];

const FACETS: SearchFacets = {
  ...NO_FACETS,
  brand: [facet('Atlas', 4), facet('Nordic Wool', 0)],
  size: [facet('S', 2), facet('M', 3)],
  colour: COLOURS.map((c, i) => facet(c, i + 1)),
  price: [facet('0-25', 1, '$0 to $25'), facet('50-100', 6, '$50 to $100')],
  inStock: [facet('true', 7, 'In stock')],
};

/** The panel as the page holds it: the filters in state, every change also reported to `changed`. */
function Panel({
  facets,
  initial = NO_FILTERS,
  changed,
}: {
  facets: SearchFacets | undefined;
  initial?: ShopFilters;
  changed: (f: ShopFilters) => void;
}) {
  const [filters, setFilters] = useState(initial);
  return (
    <ShopFilterPanel
      headingLevel="h2"
      search=""
      onSearchChange={() => undefined}
      onSearchSubmit={() => undefined}
      filters={filters}
      onChange={(next) => {
        setFilters(next);
        changed(next);
      }}
      facets={facets}
      onReset={() => setFilters(NO_FILTERS)}
    />
  );
}

function renderPanel(facets: SearchFacets | undefined, initial?: ShopFilters) {
  stubFetch(({ path }) => (path === '/api/category/categories' ? { body: CATEGORIES } : undefined));
  const changed = vi.fn<(f: ShopFilters) => void>();
  return { changed, ...renderWithProviders(<Panel facets={facets} initial={initial} changed={changed} />) };
}

const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('ShopFilterPanel facets', () => {
  it('labels each value with its count, grouped under its heading, and ticks values of several facets', async () => {
    const { changed, user } = renderPanel(FACETS);
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(
      within(sizes)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Size S (2)', 'Size M (3)']);
    expect(within(sizes).getByText('(3)')).toBeTruthy();
    await user.click(checkbox('Size M (3)'));
    await user.click(checkbox('Atlas (4)'));
    await user.click(checkbox('In stock (7)'));
    await user.click(screen.getByRole('radio', { name: '$50 to $100 (6)' }));
    expect(changed).toHaveBeenLastCalledWith({ ...NO_FILTERS, size: ['M'], brand: ['Atlas'], inStock: true, price: '2' });
    // Unticking takes the value out again.
    await user.click(checkbox('Size M (3)'));
    expect(changed.mock.lastCall?.[0].size).toEqual([]);
  });

  it('shows a value that would match nothing but does not let it be ticked; price ranges the answer leaves out count 0', () => {
    renderPanel(FACETS);
    expect(checkbox('Nordic Wool (0)').disabled).toBe(true);
    expect(checkbox('Atlas (4)').disabled).toBe(false);
    expect(screen.getByRole('radio', { name: '$200 and more (0)' })).toBeTruthy();
  });

  it('keeps a ticked value the counts leave out, named, so that it can be unticked', async () => {
    const { changed, user } = renderPanel(FACETS, { ...NO_FILTERS, category: [CATEGORY], size: ['XL'] });
    expect(checkbox('Size XL (0)').checked).toBe(true);
    expect(checkbox('Size XL (0)').disabled).toBe(false);
    // The category's name comes from the categories list.
    const knitwear = (await screen.findByRole('checkbox', { name: 'Knitwear (0)' })) as HTMLInputElement;
    expect(knitwear.checked).toBe(true);
    await user.click(knitwear);
    expect(changed.mock.lastCall?.[0].category).toEqual([]);
  });

  it(`shows ${FACET_VALUES_SHOWN} values of a long facet (and any ticked one) until Show all`, async () => {
    const { user } = renderPanel(FACETS, { ...NO_FILTERS, colour: ['Sage'] });
    const colours = screen.getByRole('group', { name: 'Colour' });
    expect(within(colours).getAllByRole('checkbox')).toHaveLength(FACET_VALUES_SHOWN + 1);
    expect(checkbox('Colour Sage (10)').checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: /^Colour Rust/ })).toBeNull();
    const more = screen.getByRole('button', { name: `Show all ${COLOURS.length}` });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(within(colours).getAllByRole('checkbox')).toHaveLength(COLOURS.length);
    expect(screen.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('holds rows while the counts load, and hides a facet the answer has no values for', () => {
    const { unmount } = renderPanel(undefined);
    expect(screen.getByRole('group', { name: 'Size' }).getAttribute('aria-busy')).toBe('true');
    expect(checkbox('In stock').checked).toBe(false);
    unmount();
    renderPanel({ ...FACETS, size: [] });
    expect(screen.queryByRole('group', { name: 'Size' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Size' })).toBeNull();
  });
});
