import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../lib/api-types';
import { renderInAdmin } from '../test/render';
import { UserList } from './UserList';

const ANN = {
  _id: '6661f0a1b2c3d4e5f6a7b801',
  id: '6661f0a1b2c3d4e5f6a7b801',
  username: 'Ann Shopper',
  email: 'ann@example.com',
  isAdmin: false,
  isDistributor: false,
  createdAt: '2025-03-01T09:00:00.000Z',
} as UserRecord;

describe('UserList delete', () => {
  it('says before the confirm what happens to the reviews and orders of the user', async () => {
    const api = { getList: vi.fn(() => Promise.resolve({ data: [ANN], total: 1 })), delete: vi.fn(() => Promise.resolve({ data: ANN })) };
    const { user } = renderInAdmin(<UserList />, { dataProvider: api, path: '/admin/userlist' });
    const row = await screen.findByTestId(`user-row-${ANN.id}`);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    const text = within(dialog).getByTestId('user-delete-consequences').textContent ?? '';
    expect(text).toContain('Delete Ann Shopper (ann@example.com)?');
    expect(text).toContain('Their reviews stay on the products, under the name Ann Shopper');
    expect(text).toContain('Their orders are kept for the shop\'s records, with the name, address and phone replaced by "Deleted user"');
    expect(api.delete).not.toHaveBeenCalled();
  });
});
