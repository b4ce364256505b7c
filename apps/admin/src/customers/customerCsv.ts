import type { CustomerRecord } from '../lib/api-types';

/** The columns of the customers CSV export, in order. */
export const CUSTOMER_CSV_COLUMNS = [
  'id',
  'username',
  'email',
  'ordersCount',
  'totalSpent',
  'lastOrderAt',
  'newsletter',
  'isAdmin',
  'isDistributor',
  'createdAt',
] as const;

type Column = (typeof CUSTOMER_CSV_COLUMNS)[number];

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
        ? String(value)
        : JSON.stringify(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The customers as CSV (a header line, then one line per customer), total spent in dollars with two decimals. */
export function customersToCsv(customers: readonly CustomerRecord[]): string {
  const cell = (c: CustomerRecord, column: Column): unknown => (column === 'totalSpent' ? c.totalSpent.toFixed(2) : c[column]);
  const lines = [CUSTOMER_CSV_COLUMNS.join(','), ...customers.map((c) => CUSTOMER_CSV_COLUMNS.map((column) => csvCell(cell(c, column))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
