import { screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { CouponRecord } from '../lib/api-types';
import { renderInAdmin } from '../test/render';
import { CouponList } from './coupons';

function coupon(code: string, overrides: Partial<CouponRecord>): CouponRecord {
  return {
    _id: code,
    id: code,
    code,
    description: null,
    type: 'percent',
    value: 10,
    minSubtotal: 0,
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    perCustomerLimit: null,
    redemptions: 0,
    active: true,
    public: false,
    createdAt: '2025-03-01T09:00:00.000Z',
    state: 'active',
    ...overrides,
  };
}

describe('CouponList', () => {
  it("shows the state the API computed at the read (an expired coupon still switched on reads Expired) and the end's time", async () => {
    const ends = '2025-05-04T18:30:00.000Z';
    const rows = [
      coupon('LAST-SECOND', { endsAt: ends, state: 'expired' }),
      coupon('LATER', { startsAt: '2030-01-01T00:00:00.000Z', state: 'scheduled' }),
      coupon('ONLY-TWO', { maxRedemptions: 2, redemptions: 2, state: 'used_up' }),
      coupon('NOW', { state: 'active' }),
    ];
    renderInAdmin(
      <ResourceContextProvider value="coupons">
        <CouponList />
      </ResourceContextProvider>,
      { dataProvider: { getList: vi.fn(() => Promise.resolve({ data: rows, total: rows.length })) }, path: '/admin/coupons' },
    );
    const stateOf = async (code: string) => {
      const row = (await screen.findByText(code)).closest('tr');
      if (!row) throw new Error(`no row for ${code}`);
      return { state: within(row).getByTestId('coupon-state').textContent, row };
    };
    const expired = await stateOf('LAST-SECOND');
    expect(expired.state).toBe('Expired');
    expect(expired.row.textContent).toContain(new Date(ends).toLocaleTimeString(undefined, { timeStyle: 'short' }));
    expect((await stateOf('LATER')).state).toBe('Scheduled');
    expect((await stateOf('ONLY-TWO')).state).toBe('Used up');
    expect((await stateOf('NOW')).state).toBe('Active');
  });
});
