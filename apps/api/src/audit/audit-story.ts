import {
  isInternalField,
  isSecretField,
  orderNumberOf,
  type AuditChange,
  type AuditEntryAction,
  type AuditRecordChange,
  type AuditValue,
  type DocumentChange,
} from '@shop/database';

/**
 * One admin action told as a story: what the audit recorder stores for a request, from the document changes the
 * audit plugin saw during it. Pure: no Nest, no database.
 */
export interface AuditStory {
  action: AuditEntryAction;
  /** The main record's collection, id and human name. */
  resource: string;
  documentId: string;
  label: string;
  /** "Refunded order #7DF4FF87, $26.10: damaged in transit" */
  summary: string;
  /** The main record's fields a person reads, before and after. */
  changes: AuditChange[];
  /** Every record the action wrote, the main one first. */
  records: AuditRecordChange[];
}

/** The request as far as the story needs it. */
export interface AuditStoryRequest {
  method: string;
  route: string;
  params: Record<string, string>;
}

type Doc = Record<string, unknown>;

/** Collections whose writes are the app's own bookkeeping (sign-in tokens, seed runs): never shown. */
const INTERNAL_RESOURCES = new Set(['user_tokens', 'seed_runs', 'audit_log']);

/** A collection's record as a person names it. */
const NOUNS: Record<string, string> = {
  orders: 'order',
  products: 'product',
  categories: 'category',
  users: 'user',
  coupons: 'coupon',
  coupon_redemptions: 'coupon use',
  blogs: 'blog post',
  comments: 'comment',
  contact_messages: 'message',
  newsletter_subscribers: 'subscriber',
  carts: 'cart',
  search_settings: 'search settings',
};

export function nounOf(resource: string): string {
  return NOUNS[resource] ?? resource.replace(/_/g, ' ').replace(/s$/, '');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** A record's human name: "#7DF4FF87" for an order, else its name, title, code, subject, username or e-mail. */
export function labelOf(resource: string, documentId: string, doc: Doc | null): string {
  if (resource === 'orders') return `#${orderNumberOf(documentId)}`;
  if (doc) {
    for (const key of ['name', 'title', 'code', 'subject', 'username', 'email']) {
      const found = text(doc[key]);
      if (found) return found;
    }
  }
  return documentId;
}

function money(cents: unknown): string | undefined {
  return typeof cents === 'number' && Number.isFinite(cents) ? `$${(cents / 100).toFixed(2)}` : undefined;
}

/** "priceCents" → "price", "countInStock" → "count in stock", "shippingAddress.city" → "shipping address city". */
export function fieldName(field: string): string {
  return field
    .replace(/Cents\b/g, '')
    .replace(/\./g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

/** A value in a sentence: money in dollars, text as it is, anything else as JSON; cut when long. */
export function valueText(field: string, value: AuditValue | undefined): string {
  if (value === undefined || value === null || value === '') return '(none)';
  if (/Cents$/.test(field)) return money(value) ?? JSON.stringify(value);
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return shown.length > 60 ? `${shown.slice(0, 57)}…` : shown;
}

function changeText(change: AuditChange): string {
  return `${fieldName(change.field)} ${valueText(change.field, change.before)} → ${valueText(change.field, change.after)}`;
}

/** The changes a person reads: internal fields and secrets left out (see isInternalField). */
export function visibleChanges(changes: AuditChange[]): AuditChange[] {
  return changes.filter((c) => !isInternalField(c.field));
}

interface Review {
  _id?: unknown;
  name?: unknown;
  status?: unknown;
}

function reviewsOf(doc: Doc | null): Map<string, Review> {
  const list = doc && Array.isArray(doc.reviews) ? (doc.reviews as Review[]) : [];
  return new Map(list.map((r) => [String(r._id), r]));
}

/** The reviews whose status this change set (approve/reject) or that it removed, with their product's name. */
function reviewChanges(changes: DocumentChange[]): { product: string; reviewer: string; status: string | undefined; removed: boolean }[] {
  const found: { product: string; reviewer: string; status: string | undefined; removed: boolean }[] = [];
  for (const change of changes) {
    if (change.resource !== 'products' || change.action !== 'update') continue;
    const before = reviewsOf(change.before);
    const after = reviewsOf(change.after);
    const product = labelOf('products', change.documentId, change.after ?? change.before);
    for (const [id, old] of before) {
      const now = after.get(id);
      const reviewer = text(old.name) ?? 'a customer';
      if (!now) found.push({ product, reviewer, status: undefined, removed: true });
      else if ((now.status ?? 'approved') !== (old.status ?? 'approved')) found.push({ product, reviewer, status: text(now.status), removed: false });
    }
  }
  return found;
}

/**
 * A product's `reviews` change as the fields a person edits: one line per review whose status changed ("review by
 * Jane.status": pending → rejected), gone ("review by Jane": its comment before) or new, instead of the whole list.
 */
function reviewLines(change: DocumentChange): AuditChange[] | undefined {
  if (change.resource !== 'products' || !change.changes.some((c) => c.field === 'reviews')) return undefined;
  const before = reviewsOf(change.before);
  const after = reviewsOf(change.after);
  const lines: AuditChange[] = [];
  const comment = (r: Review): AuditValue => (typeof (r as { comment?: unknown }).comment === 'string' ? (r as { comment: string }).comment : null);
  const status = (r: Review): string => (typeof r.status === 'string' ? r.status : 'approved');
  for (const [id, old] of before) {
    const now = after.get(id);
    const who = `review by ${text(old.name) ?? 'a customer'}`;
    if (!now) lines.push({ field: who, before: comment(old) });
    else if (status(now) !== status(old)) lines.push({ field: `${who}.status`, before: status(old), after: status(now) });
    else if (comment(now) !== comment(old)) lines.push({ field: `${who}.comment`, before: comment(old), after: comment(now) });
  }
  for (const [id, now] of after) if (!before.has(id)) lines.push({ field: `review by ${text(now.name) ?? 'a customer'}`, after: comment(now) });
  return lines;
}

function listOf(items: string[], max = 3): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** The action of a request, from its method and route; undefined: the document changes decide (create/update/delete). */
function namedAction(req: AuditStoryRequest): AuditEntryAction | undefined {
  const route = req.route.replace(/^\/api/, '');
  if (req.method === 'POST' && route === '/orders/:id/refund') return 'refund';
  if (req.method === 'POST' && route === '/orders/:id/admin-cancel') return 'cancel';
  if (req.method === 'POST' && route === '/orders/:id/cancel') return 'cancel';
  if ((req.method === 'POST' && route === '/orders/:id/mark-paid') || (req.method === 'PUT' && route === '/orders/:id/pay')) return 'pay';
  if (req.method === 'POST' && route === '/orders/:id/notes') return 'note';
  if (req.method === 'PUT' && route === '/products/:id/approve') return 'approve';
  if (req.method === 'PUT' && route === '/products/:id/reject') return 'reject';
  if (req.method === 'PUT' && route === '/users/:id/roles') return 'roles';
  if (req.method === 'POST' && route === '/products/import') return 'import';
  if (req.method === 'POST' && route.startsWith('/admin/jobs/')) return 'retry';
  return undefined;
}

const VERBS: Record<'create' | 'update' | 'delete', string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

/**
 * The story of one admin request, or undefined when it changed nothing a person reads (only bookkeeping, or
 * nothing at all). The main record is the one the route names (`:id`), else the first one created, else the
 * first one changed.
 */
export function tellAuditStory(req: AuditStoryRequest, all: DocumentChange[]): AuditStory | undefined {
  const shown = all.filter((c) => !INTERNAL_RESOURCES.has(c.resource));
  const secretChanged = shown.some((c) => c.changes.some((f) => isSecretField(f.field)));
  const records: (AuditRecordChange & { source: DocumentChange })[] = [];
  for (const change of shown) {
    const reviewed = reviewLines(change);
    const changes = reviewed ? [...visibleChanges(change.changes).filter((c) => c.field !== 'reviews'), ...reviewed] : visibleChanges(change.changes);
    const secret = change.changes.some((f) => isSecretField(f.field));
    if (!changes.length && !secret && change.action === 'update') continue;
    const doc = change.after ?? change.before;
    const existing = records.find((r) => r.resource === change.resource && r.documentId === change.documentId);
    if (existing) {
      // A record written twice in one request: one line, the first value before and the last after.
      for (const c of changes) {
        const prior = existing.changes.find((p) => p.field === c.field);
        if (!prior) existing.changes.push(c);
        else if (c.after === undefined) delete prior.after;
        else prior.after = c.after;
      }
      existing.label = labelOf(change.resource, change.documentId, doc);
      existing.source = { ...existing.source, after: change.after };
      continue;
    }
    records.push({
      action: change.action,
      resource: change.resource,
      documentId: change.documentId,
      label: labelOf(change.resource, change.documentId, doc),
      changes,
      source: change,
    });
  }
  if (!records.length) return undefined;

  const id = req.params.id;
  const main = records.find((r) => r.documentId === id) ?? records.find((r) => r.action === 'create') ?? records[0];
  const noun = nounOf(main.resource);
  const label = main.label ?? main.documentId;
  const doc = main.source.after ?? main.source.before;
  const named = namedAction(req);
  const reviews = reviewChanges(shown);
  let action: AuditEntryAction = named ?? main.action;
  let summary: string;

  if (named === 'refund') {
    const amount = money(doc?.totalCents);
    const reason = text(doc?.refundReason);
    summary = `Refunded ${noun} ${label}${amount ? `, ${amount}` : ''}${reason ? `: ${reason}` : ''}`;
  } else if (named === 'cancel') {
    const reason = text(doc?.cancelReason);
    summary = `Cancelled ${noun} ${label}${reason ? `: ${reason}` : ''}`;
  } else if (named === 'pay') {
    summary = `Marked ${noun} ${label} paid`;
  } else if (named === 'note') {
    const notes = Array.isArray(doc?.notes) ? (doc.notes as { text?: unknown }[]) : [];
    const note = text(notes[notes.length - 1]?.text);
    summary = `Added a note to ${noun} ${label}${note ? `: ${note}` : ''}`;
  } else if (named === 'approve' || named === 'reject') {
    const note = named === 'reject' ? text(doc?.rejectionNote) : undefined;
    summary = `${named === 'approve' ? 'Approved' : 'Rejected'} ${noun} ${label}${note ? `: ${note}` : ''}`;
  } else if (named === 'roles') {
    summary = `Changed the roles of ${noun} ${label}${main.changes.length ? `: ${listOf(main.changes.map(changeText))}` : ''}`;
  } else if (named === 'import') {
    const created = records.filter((r) => r.action === 'create').length;
    const updated = records.filter((r) => r.action === 'update').length;
    summary = `Imported ${nounOf(main.resource)}s: ${created} created, ${updated} updated`;
  } else if (named === 'retry') {
    summary = `Retried a job (${listOf(records.map((r) => `${nounOf(r.resource)} ${r.label ?? r.documentId}`))})`;
  } else if (reviews.length > 0) {
    const removed = reviews.every((r) => r.removed);
    const status = reviews[0].status;
    const verb = removed ? 'Deleted' : status === 'rejected' ? 'Rejected' : status === 'approved' ? 'Approved' : 'Updated';
    action = removed ? 'delete' : status === 'rejected' ? 'reject' : status === 'approved' ? 'approve' : 'update';
    const each = reviews.map((r) => `by ${r.reviewer} on ${r.product}`);
    summary = reviews.length === 1 ? `${verb} review ${each[0]}` : `${verb} ${reviews.length} reviews: ${listOf(each)}`;
  } else {
    const others = records.filter((r) => r.resource === main.resource && r !== main);
    const what = others.length
      ? `${others.length + 1} ${noun}s: ${listOf([label, ...others.map((r) => r.label ?? r.documentId)])}`
      : `${noun} ${label}`;
    const detail = main.action === 'update' && !others.length ? listOf(main.changes.map(changeText)) : '';
    const secret = secretChanged && main.action === 'update' ? 'password changed' : '';
    const tail = [detail, secret].filter(Boolean).join('; ');
    summary = `${VERBS[main.action]} ${what}${tail ? `: ${tail}` : ''}`;
  }

  const ordered = [main, ...records.filter((r) => r !== main)].map(({ source: _source, ...record }) => record);
  return { action, resource: main.resource, documentId: main.documentId, label, summary, changes: main.changes, records: ordered };
}
