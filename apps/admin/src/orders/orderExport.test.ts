import { describe, expect, it } from 'vitest';
import { customerPath, ORDER_CSV_COLUMNS, orderCsvRow, ordersCsv } from './orderExport';

describe('orders CSV export', () => {
  const order = {
    id: '0123456789abcdef01234567',
    number: '01234567',
    createdAt: '2026-01-02T03:04:05.000Z',
    status: 'paid' as const,
    paymentState: 'paid' as const,
    paymentMethod: 'cod',
    paidAt: '2026-01-03T00:00:00.000Z',
    user: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    customer: { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Ann, "the" buyer', email: 'ann@example.com' },
    shippingAddress: { fullName: 'Ann Smith', address: '1 Main', city: 'Springfield', postalCode: '1', country: 'USA', phone: '1' },
    items: [
      { product: 'p1', name: 'Tee', image: '', variantSku: 'TEE-M', size: 'M', colour: null, price: 10, quantity: 2 },
      { product: 'p2', name: 'Cap', image: '', variantSku: null, size: null, colour: null, price: 5, quantity: 1 },
    ],
    subtotal: 25,
    discount: 0,
    tax: 2.5,
    shipping: 0,
    total: 27.5,
    couponCode: null,
    trackingNumber: null,
    cancelReason: '=HYPERLINK("x")',
  };

  it('flattens an order into one row of plain values', () => {
    const row = orderCsvRow(order);
    expect(Object.keys(row)).toEqual([...ORDER_CSV_COLUMNS]);
    expect(row).toMatchObject({
      number: '01234567',
      customerEmail: 'ann@example.com',
      shipToCity: 'Springfield',
      items: '2 x Tee (TEE-M); 1 x Cap',
      units: 3,
      total: 27.5,
      couponCode: '',
    });
    expect(Object.values(row).every((v) => typeof v === 'string' || typeof v === 'number')).toBe(true);
  });

  it('quotes commas and quotes, and neutralises formulas', () => {
    const [header, line] = ordersCsv([order]).split('\n');
    expect(header.split(',')).toEqual([...ORDER_CSV_COLUMNS]);
    expect(line).toContain('"Ann, ""the"" buyer"');
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('names the customer route', () => {
    expect(customerPath('abc')).toBe('/customers/abc/show');
  });
});

describe('order history lines', () => {
  it('names the event and its reason or note', async () => {
    const { historyLine } = await import('./orderExport');
    expect(historyLine({ status: 'paid', event: 'payment' })).toBe('Marked paid');
    expect(historyLine({ status: 'cancelled', event: 'cancel', reason: 'Asked by phone' })).toBe('Cancelled — Asked by phone');
    expect(historyLine({ status: 'pending', event: 'note', note: 'VIP' })).toBe('Note added — VIP');
    expect(historyLine({ status: 'shipped', event: 'status', reason: null })).toBe('Status: shipped');
    expect(historyLine({ status: 'pending' })).toBe('Status: pending');
  });
});
