import type { AuditChange, AuditEntryRecord } from '../lib/api-types';

/** A before/after value as text: strings as they are, anything else as JSON; an absent value as a dash. */
export function formatAuditValue(change: AuditChange, side: 'before' | 'after'): string {
  if (!(side in change) || change[side] === undefined) return '—';
  const value = change[side];
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const VERBS: Record<AuditEntryRecord['action'], string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

/** "Updated categories", "Created products"… */
export function describeEntry(entry: Pick<AuditEntryRecord, 'action' | 'resource'>): string {
  return `${VERBS[entry.action] ?? entry.action} ${entry.resource}`;
}

/** "Ann Admin (ann@example.com)" */
export function describeActor(entry: Pick<AuditEntryRecord, 'actor'>): string {
  return `${entry.actor.name} (${entry.actor.email})`;
}
