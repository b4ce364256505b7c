import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerDetailRecord } from '../lib/api-types';
import { renderInAdmin } from '../test/render';
import { CustomerShow } from './CustomerShow';

const ID = '6661f0a1b2c3d4e5f6a7b801';

function owner(): CustomerDetailRecord {
  return {
    _id: ID,
    id: ID,
    username: 'Olive Owner',
    email: 'olive@example.com',
    isAdmin: true,
    isDistributor: false,
    createdAt: '2025-03-01T09:00:00.000Z',
    ordersCount: 0,
    totalSpent: 0,
    lastOrderAt: null,
    newsletter: false,
    orders: [],
    addresses: [],
    reviews: [],
  } as unknown as CustomerDetailRecord;
}

/** The console's data: this admin, and `admins` admin accounts in the shop. */
function api(admins: number) {
  return {
    getOne: vi.fn(() => Promise.resolve({ data: owner() })),
    getList: vi.fn((_resource: string, params: { filter: Record<string, unknown> }) =>
      Promise.resolve(params.filter.isAdmin === true ? { data: [owner()], total: admins } : { data: [], total: 0 }),
    ),
  };
}

describe('CustomerShow roles', () => {
  it("refuses the last admin's revoke before any confirm, saying why", async () => {
    renderInAdmin(<CustomerShow id={ID} />, { dataProvider: api(1) });
    const note = await screen.findByTestId('last-admin-note');
    expect(note.textContent).toBe('The last admin cannot be demoted: make another user admin first');
    const revoke = screen.getByRole('button', { name: 'Revoke admin' });
    expect(revoke).toHaveProperty('disabled', true);
    expect(revoke.getAttribute('aria-describedby')).toBe(note.id);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the revoke, with its confirm, while another admin remains', async () => {
    const { user } = renderInAdmin(<CustomerShow id={ID} />, { dataProvider: api(2) });
    const revoke = await screen.findByRole('button', { name: 'Revoke admin' });
    await waitFor(() => expect(revoke).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('last-admin-note')).toBeNull();
    await user.click(revoke);
    expect(await screen.findByRole('dialog', { name: 'Revoke admin from Olive Owner?' })).toBeTruthy();
  });
});

describe('CustomerShow orders', () => {
  it("shows each order's payment state as the order page does: a refunded order is not called paid", async () => {
    const order = (id: string, number: string, paymentState: string, isPaid: boolean) => ({
      id,
      number,
      status: 'cancelled',
      total: 29,
      itemsCount: 1,
      paymentMethod: 'cod',
      isPaid,
      paymentState,
      fulfilmentState: 'unfulfilled',
      createdAt: '2025-03-02T09:00:00.000Z',
    });
    const customer = {
      ...owner(),
      isAdmin: false,
      ordersCount: 2,
      orders: [order('6661f0a1b2c3d4e5f6a7b811', 'F6A7B811', 'refunded', true), order('6661f0a1b2c3d4e5f6a7b812', 'F6A7B812', 'unpaid', false)],
    } as unknown as CustomerDetailRecord;
    renderInAdmin(<CustomerShow id={ID} />, { dataProvider: { ...api(2), getOne: vi.fn(() => Promise.resolve({ data: customer })) } });
    expect(await screen.findByText(/1 item · refunded$/)).toBeTruthy();
    expect(screen.getByText(/1 item · unpaid$/)).toBeTruthy();
    expect(screen.queryByText(/· paid$/)).toBeNull();
  });
});
