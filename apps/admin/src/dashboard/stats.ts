/** The dashboard's view of GET /api/orders/stats, tolerant of missing parts. */
import type { DaySales, LowStockProduct, TopProduct } from '../lib/api-types';

export type { DaySales };

export interface DashboardStats {
  revenue: number;
  totalOrders: number;
  ordersByStatus: Record<string, number>;
  pendingOrders: number;
  newCustomers: number;
  salesPerDay: DaySales[];
  topProducts: TopProduct[];
  lowStock: Array<Pick<LowStockProduct, 'id' | 'name' | 'countInStock'>>;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const arr = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);

export function normaliseStats(raw: unknown): DashboardStats {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const byStatusRaw = s.ordersByStatus;
  const ordersByStatus: Record<string, number> = {};
  if (Array.isArray(byStatusRaw)) {
    for (const row of byStatusRaw as Record<string, unknown>[]) ordersByStatus[String(row.status ?? row._id)] = num(row.count);
  } else if (byStatusRaw && typeof byStatusRaw === 'object') {
    for (const [k, v] of Object.entries(byStatusRaw)) ordersByStatus[k] = num(v);
  }
  const totalOrders = typeof s.totalOrders === 'number' ? s.totalOrders : Object.values(ordersByStatus).reduce((a, b) => a + b, 0);
  return {
    revenue: num(s.revenue),
    totalOrders,
    ordersByStatus,
    pendingOrders: ordersByStatus.pending ?? 0,
    newCustomers: num(s.newCustomers),
    salesPerDay: arr(s.salesPerDay).map((d) => ({ date: String(d.date ?? d._id ?? ''), orders: num(d.orders ?? d.count), revenue: num(d.revenue ?? d.total) })),
    topProducts: arr(s.topProducts).map((p) => ({ productId: String(p.productId ?? p._id ?? ''), name: String(p.name ?? ''), quantity: num(p.quantity ?? p.sold), revenue: num(p.revenue) })),
    lowStock: arr(s.lowStockProducts ?? s.lowStock).map((p) => ({ id: String(p.id ?? p._id ?? ''), name: String(p.name ?? ''), countInStock: num(p.countInStock) })),
  };
}

/** Points of the 30-day sales polyline in a width × height box (revenue on y, oldest day on the left). */
export function chartPoints(days: DaySales[], width: number, height: number, pad = 4): Array<{ x: number; y: number }> {
  if (days.length === 0) return [];
  const max = Math.max(...days.map((d) => d.revenue), 1);
  const step = days.length > 1 ? (width - pad * 2) / (days.length - 1) : 0;
  return days.map((d, i) => ({ x: pad + i * step, y: height - pad - (d.revenue / max) * (height - pad * 2) }));
}
