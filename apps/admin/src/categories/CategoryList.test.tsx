import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryRecord } from '../lib/api-types';
import { renderInAdmin } from '../test/render';
import { CategoryList } from './CategoryList';

function category(id: string, name: string, productCount: number): CategoryRecord {
  return { _id: id, id, name, slug: name.toLowerCase(), createdAt: '2025-03-01T09:00:00.000Z', updatedAt: '2025-03-01T09:00:00.000Z', productCount };
}

const SHOES = category('6661f0a1b2c3d4e5f6a7b801', 'Shoes', 12);
const HATS = category('6661f0a1b2c3d4e5f6a7b802', 'Hats', 0);

function categoryApi() {
  const byId = new Map([SHOES, HATS].map((c) => [c.id, c]));
  return {
    getList: vi.fn(() => Promise.resolve({ data: [HATS, SHOES], total: 2 })),
    getOne: vi.fn((_resource: string, params: { id: string }) => Promise.resolve({ data: byId.get(params.id) })),
    delete: vi.fn((_resource: string, params: { id: string }) => Promise.resolve({ data: byId.get(params.id) })),
  };
}

describe('CategoryList', () => {
  // The app bar's title slot, which <Title> fills (the layout has it; a bare render does not).
  let titleSlot: HTMLElement;
  beforeEach(() => {
    titleSlot = document.createElement('span');
    titleSlot.id = 'react-admin-title';
    document.body.append(titleSlot);
  });
  afterEach(() => titleSlot.remove());

  it('names the page once and shows how many products each category has', async () => {
    renderInAdmin(<CategoryList />, { dataProvider: categoryApi(), path: '/admin/categorylist' });
    const table = await screen.findByRole('table');
    await within(table).findByRole('button', { name: 'Shoes' });
    await waitFor(() => expect(titleSlot.textContent).toBe('Manage Categories'));
    expect(within(table).getByRole('columnheader', { name: 'Products' })).toBeTruthy();
    const shoesRow = within(table).getByRole('button', { name: 'Shoes' }).closest('tr');
    expect(shoesRow && within(shoesRow).getByText('12')).toBeTruthy();
  });

  it('says what blocks the deletion before any confirm, and offers no Delete for a category with products', async () => {
    const api = categoryApi();
    const { user } = renderInAdmin(<CategoryList />, { dataProvider: api, path: '/admin/categorylist' });
    await user.click(await screen.findByRole('button', { name: 'Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update category' });
    expect((await within(dialog).findByTestId('category-delete-blocker')).textContent).toBe('Shoes has 12 products: move or delete them first');
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    expect(remove).toHaveProperty('disabled', true);
    expect(screen.queryByText('The category is removed for good. This cannot be undone.')).toBeNull();
    expect(api.delete).not.toHaveBeenCalled();
  });

  it('lets an empty category be deleted after the confirm', async () => {
    const api = categoryApi();
    const { user } = renderInAdmin(<CategoryList />, { dataProvider: api, path: '/admin/categorylist' });
    await user.click(await screen.findByRole('button', { name: 'Hats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update category' });
    await waitFor(() => expect(api.getOne).toHaveBeenCalled());
    expect(within(dialog).queryByTestId('category-delete-blocker')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete category "Hats"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('categories', expect.objectContaining({ id: HATS.id })));
  });
});
