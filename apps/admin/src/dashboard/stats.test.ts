import { describe, expect, it } from 'vitest';
import { dateTickIndexes, normaliseStats, shortDate, valueTicks } from './stats';

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
    expect(stats.lowStock).toEqual([{ id: 'p1', name: 'Tee', countInStock: 2, variants: [] }]);
    expect(stats.lowStockThreshold).toBeUndefined();
  });
  it('reads the low variants of each low-stock product and the threshold the API counts by', () => {
    const stats = normaliseStats({
      lowStockThreshold: 5,
      lowStockProducts: [
        {
          _id: 'p1',
          id: 'p1',
          name: 'Court Sneakers',
          countInStock: 33,
          variants: [{ sku: 'CS-41-WHI', size: '41', colour: 'White', countInStock: 1 }],
        },
      ],
    });
    expect(stats.lowStockThreshold).toBe(5);
    expect(stats.lowStock).toEqual([
      { id: 'p1', name: 'Court Sneakers', countInStock: 33, variants: [{ sku: 'CS-41-WHI', size: '41', colour: 'White', countInStock: 1 }] },
    ]);
  });
  it('reads revenue per period and the average order value, zero where missing', () => {
    const stats = normaliseStats({
      averageOrderValue: 20,
      revenueByPeriod: { today: { orders: 1, revenue: 10, averageOrderValue: 10 }, allTime: { orders: 3, revenue: 60, averageOrderValue: 20 } },
    });
    expect(stats.averageOrderValue).toBe(20);
    expect(stats.revenueByPeriod.today).toEqual({ orders: 1, revenue: 10, averageOrderValue: 10 });
    expect(stats.revenueByPeriod.last7Days).toEqual({ orders: 0, revenue: 0, averageOrderValue: 0 });
    expect(stats.revenueByPeriod.allTime.revenue).toBe(60);
  });
  it('copes with a status list and missing parts', () => {
    const stats = normaliseStats({ ordersByStatus: [{ _id: 'pending', count: 4 }] });
    expect(stats.pendingOrders).toBe(4);
    expect(stats.totalOrders).toBe(4);
    expect(stats.salesPerDay).toEqual([]);
    expect(normaliseStats(null).revenue).toBe(0);
  });
});

describe('chart axes', () => {
  it('puts dollar gridlines at round steps covering the best day', () => {
    expect(valueTicks(95)).toEqual([0, 50, 100]);
    expect(valueTicks(160)).toEqual([0, 50, 100, 150, 200]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
  });
  it('labels the first day, the last and about one a week', () => {
    expect(dateTickIndexes(30)).toEqual([0, 7, 14, 21, 29]);
    expect(dateTickIndexes(1)).toEqual([0]);
    expect(dateTickIndexes(0)).toEqual([]);
  });
  it('writes a day as a short date', () => {
    expect(shortDate('2026-11-03')).toBe('Nov 3');
  });
});
