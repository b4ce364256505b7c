import type { SubscriberRecord } from '@shop/database';

/** One CSV cell: quoted when needed, and defused when a spreadsheet would read it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The subscriber list as CSV (RFC 4180, CRLF line ends, header row). */
export function subscribersCsv(subscribers: readonly SubscriberRecord[]): string {
  const rows = [['email', 'status', 'subscribedAt', 'unsubscribedAt']];
  for (const s of subscribers) {
    rows.push([
      s.email,
      s.active ? 'subscribed' : 'unsubscribed',
      s.subscribedAt.toISOString(),
      !s.active && s.unsubscribedAt ? s.unsubscribedAt.toISOString() : '',
    ]);
  }
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
