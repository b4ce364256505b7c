import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../lib/api-types';
import { csvCell, customersToCsv } from './customerCsv';

const ann: CustomerRecord = {
  id: 'a1',
  _id: 'a1',
  username: 'Ann, "the buyer"',
  email: 'ann@example.com',
  isAdmin: false,
  isDistributor: true,
  photoURL: null,
  storeName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ordersCount: 3,
  totalSpent: 75.5,
  lastOrderAt: null,
  newsletter: true,
};

describe('customers CSV', () => {
  it('writes a header and one escaped line per customer, money with two decimals', () => {
    expect(customersToCsv([ann])).toBe(
      'id,username,email,ordersCount,totalSpent,lastOrderAt,newsletter,isAdmin,isDistributor,createdAt\r\n' +
        'a1,"Ann, ""the buyer""",ann@example.com,3,75.50,,true,false,true,2026-01-01T00:00:00.000Z\r\n',
    );
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(-3)).toBe('-3');
  });
});
