import type { AuditChange, AuditEntryRecord } from '../lib/api-types';

/** "priceCents" → "price", "countInStock" → "count in stock", "shippingAddress.city" → "shipping address city", "review by Jane.status" → "review by Jane status". */
export function fieldLabel(field: string): string {
  return field
    .replace(/Cents\b/g, '')
    .replace(/\./g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

/**
 * A before/after value as text: money (a field in cents) in dollars, strings as they are, anything else as JSON;
 * an absent value as a dash.
 */
export function formatAuditValue(change: AuditChange, side: 'before' | 'after'): string {
  if (!(side in change) || change[side] === undefined) return '—';
  const value = change[side];
  if (typeof value === 'number' && /Cents$/.test(change.field)) return `$${(value / 100).toFixed(2)}`;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The action filter's choices: every action the API names (AuditEntryDto.action). */
export const ACTION_CHOICES: { id: AuditEntryRecord['action']; name: string }[] = [
  { id: 'create', name: 'Created' },
  { id: 'update', name: 'Updated' },
  { id: 'delete', name: 'Deleted' },
  { id: 'refund', name: 'Refunded' },
  { id: 'cancel', name: 'Cancelled' },
  { id: 'pay', name: 'Marked paid' },
  { id: 'note', name: 'Added a note' },
  { id: 'approve', name: 'Approved' },
  { id: 'reject', name: 'Rejected' },
  { id: 'roles', name: 'Changed roles' },
  { id: 'import', name: 'Imported' },
  { id: 'retry', name: 'Retried a job' },
];

/** What was done, in words: the API's summary ("Refunded order #7DF4FF87, $26.10: damaged in transit"). */
export function describeEntry(entry: Pick<AuditEntryRecord, 'summary'>): string {
  return entry.summary;
}

/** "Ann Admin (ann@example.com)" */
export function describeActor(entry: Pick<AuditEntryRecord, 'actor'>): string {
  return `${entry.actor.name} (${entry.actor.email})`;
}

/** A record type as people name it, for the resource filter and the tables. */
const RECORD_TYPES: Record<string, string> = {
  orders: 'Orders',
  products: 'Products',
  categories: 'Categories',
  users: 'Users',
  coupons: 'Coupons',
  blogs: 'Blog posts',
  comments: 'Comments',
  contact_messages: 'Contact messages',
  newsletter_subscribers: 'Subscribers',
};

export function recordTypeLabel(resource: string): string {
  return RECORD_TYPES[resource] ?? resource;
}

/**
 * The console page of a record (inside /admin), or undefined when the console has none: an order's page, a
 * product's or coupon's or blog post's form, a user's customer page, the list of the other kinds.
 */
export function recordPath(resource: string, documentId: string): string | undefined {
  const id = encodeURIComponent(documentId);
  switch (resource) {
    case 'orders':
      return `/orders/${id}/show`;
    case 'products':
      return `/products/${id}`;
    case 'users':
      return `/customers/${id}/show`;
    case 'coupons':
      return `/coupons/${id}`;
    case 'blogs':
      return `/blogs/${id}`;
    case 'categories':
      return '/categorylist';
    case 'comments':
      return '/comments';
    case 'contact_messages':
      return '/contact';
    case 'newsletter_subscribers':
      return '/subscribers';
    default:
      return undefined;
  }
}
