import { salesPerDay, windowStart } from './order-stats';

describe('sales per day', () => {
  const now = new Date('2025-03-10T15:00:00Z');

  it('starts the window at midnight UTC, days - 1 days back', () => {
    expect(windowStart(now, 30).toISOString()).toBe('2025-02-09T00:00:00.000Z');
  });

  it('fills every day and adds orders to their day', () => {
    const days = salesPerDay(
      [
        { createdAt: new Date('2025-03-10T01:00:00Z'), totalCents: 1000 },
        { createdAt: new Date('2025-03-10T23:00:00Z'), totalCents: 500 },
        { createdAt: new Date('2025-02-09T00:00:00Z'), totalCents: 1 },
        { createdAt: new Date('2025-02-08T23:59:59Z'), totalCents: 999 },
      ],
      now,
      30,
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2025-02-09', orders: 1, revenueCents: 1 });
    expect(days[29]).toEqual({ date: '2025-03-10', orders: 2, revenueCents: 1500 });
    expect(days.reduce((n, d) => n + d.orders, 0)).toBe(3);
  });
});
