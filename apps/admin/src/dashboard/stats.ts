/** The dashboard's view of GET /api/orders/stats, tolerant of missing parts. */
import type { DaySales, LowStockProduct, LowStockVariant, TopProduct } from '../lib/api-types';

export type { DaySales };

/** Paid orders of a period: how many, their total and their average, in dollars. */
export interface PeriodRevenue {
  orders: number;
  revenue: number;
  averageOrderValue: number;
}

export const REVENUE_PERIODS = [
  { key: 'today', label: 'Today' },
  { key: 'last7Days', label: 'Last 7 days' },
  { key: 'last30Days', label: 'Last 30 days' },
  { key: 'allTime', label: 'All time' },
] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number]['key'];

export interface DashboardStats {
  revenue: number;
  /** All-time average value of a paid order. */
  averageOrderValue: number;
  revenueByPeriod: Record<RevenuePeriod, PeriodRevenue>;
  totalOrders: number;
  ordersByStatus: Record<string, number>;
  pendingOrders: number;
  newCustomers: number;
  salesPerDay: DaySales[];
  topProducts: TopProduct[];
  /** Products low in total or in a variant, each with its low variants (fewest first). */
  lowStock: Array<Pick<LowStockProduct, 'id' | 'name' | 'countInStock' | 'variants'>>;
  /** The shop's one low-stock threshold, as the API answered it (undefined from an API without it). */
  lowStockThreshold?: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const arr = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);

function period(raw: unknown): PeriodRevenue {
  const p = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { orders: num(p.orders), revenue: num(p.revenue), averageOrderValue: num(p.averageOrderValue) };
}

/** A figure's label: the text or number the API sent, '' for anything else. */
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export function normaliseStats(raw: unknown): DashboardStats {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const byPeriod = (s.revenueByPeriod && typeof s.revenueByPeriod === 'object' ? s.revenueByPeriod : {}) as Record<string, unknown>;
  const revenueByPeriod = Object.fromEntries(REVENUE_PERIODS.map(({ key }) => [key, period(byPeriod[key])])) as Record<RevenuePeriod, PeriodRevenue>;
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
    averageOrderValue: num(s.averageOrderValue),
    revenueByPeriod,
    totalOrders,
    ordersByStatus,
    pendingOrders: ordersByStatus.pending ?? 0,
    newCustomers: num(s.newCustomers),
    salesPerDay: arr(s.salesPerDay).map((d) => ({
      date: text(d.date ?? d._id),
      orders: num(d.orders ?? d.count),
      revenue: num(d.revenue ?? d.total),
    })),
    topProducts: arr(s.topProducts).map((p) => ({
      productId: text(p.productId ?? p._id),
      name: text(p.name),
      quantity: num(p.quantity ?? p.sold),
      revenue: num(p.revenue),
    })),
    lowStock: arr(s.lowStockProducts ?? s.lowStock).map((p) => ({
      id: text(p.id ?? p._id),
      name: text(p.name),
      countInStock: num(p.countInStock),
      variants: arr(p.variants).map((v): LowStockVariant => ({
        sku: text(v.sku),
        size: typeof v.size === 'string' ? v.size : null,
        colour: typeof v.colour === 'string' ? v.colour : null,
        countInStock: num(v.countInStock),
      })),
    })),
    ...(typeof s.lowStockThreshold === 'number' ? { lowStockThreshold: s.lowStockThreshold } : {}),
  };
}

/**
 * "Nice" gridline values for the chart's dollar axis: 0 up to at least `max`, in steps of 1, 2 or 5 times a power
 * of ten, about `count` of them.
 */
export function valueTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) {
    ticks.push(Math.round(v * 100) / 100);
    if (v >= max) break;
  }
  return ticks;
}

/** Indexes of the days to label on the date axis: the first, the last, and about every `every` days between. */
export function dateTickIndexes(length: number, every = 7): number[] {
  if (length <= 0) return [];
  const out: number[] = [];
  for (let i = 0; i < length - Math.ceil(every / 2); i += every) out.push(i);
  out.push(length - 1);
  return out;
}

/** A day (YYYY-MM-DD, UTC) as a short axis label: "Nov 3". */
export function shortDate(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
