import { describe, expect, it } from 'vitest';
import { chartPoints, normaliseStats } from './stats';

describe('normaliseStats', () => {
  it("reads the API's stats and derives the pending orders", () => {
    const stats = normaliseStats({
      revenue: 59.97,
      totalOrders: 3,
      ordersByStatus: { pending: 2, paid: 1, shipped: 0, delivered: 0, cancelled: 0 },
      newCustomers: 2,
      salesPerDay: [{ date: '2025-01-01', orders: 3, revenue: 59.97 }],
      topProducts: [{ productId: 'p1', name: 'Tee', quantity: 3, revenue: 59.97 }],
      lowStockProducts: [{ _id: 'p1', id: 'p1', name: 'Tee', countInStock: 2 }],
    });
    expect(stats).toMatchObject({ revenue: 59.97, totalOrders: 3, pendingOrders: 2, newCustomers: 2 });
    expect(stats.lowStock).toEqual([{ id: 'p1', name: 'Tee', countInStock: 2 }]);
  });
  it('copes with a status list and missing parts', () => {
    const stats = normaliseStats({ ordersByStatus: [{ _id: 'pending', count: 4 }] });
    expect(stats.pendingOrders).toBe(4);
    expect(stats.totalOrders).toBe(4);
    expect(stats.salesPerDay).toEqual([]);
    expect(normaliseStats(null).revenue).toBe(0);
  });
});

describe('chartPoints', () => {
  it('puts the best day at the top and zero days at the bottom', () => {
    const points = chartPoints([{ date: 'a', orders: 0, revenue: 0 }, { date: 'b', orders: 1, revenue: 10 }], 100, 50, 0);
    expect(points).toEqual([{ x: 0, y: 50 }, { x: 100, y: 0 }]);
  });
});
