/** Pure helpers for the dashboard numbers. */

export interface DayRow {
  createdAt: Date;
  totalCents: number;
}

export interface DaySales {
  date: string;
  orders: number;
  revenueCents: number;
}

/** The first instant (UTC) of the day `days - 1` days before `now`: the start of a window of `days` days. */
export function windowStart(now: Date, days: number): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return start;
}

/** Orders and revenue per UTC day over the last `days` days, oldest first, with empty days filled in. */
export function salesPerDay(rows: readonly DayRow[], now: Date, days: number): DaySales[] {
  const start = windowStart(now, days);
  const out: DaySales[] = [];
  const index = new Map<string, DaySales>();
  for (let i = 0; i < days; i++) {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const entry = { date: day, orders: 0, revenueCents: 0 };
    out.push(entry);
    index.set(day, entry);
  }
  for (const row of rows) {
    const entry = index.get(row.createdAt.toISOString().slice(0, 10));
    if (!entry) continue;
    entry.orders += 1;
    entry.revenueCents += row.totalCents;
  }
  return out;
}
