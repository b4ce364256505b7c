/** The console's review moderation rules, kept apart from the screen so they can be tested. */
import type { ReviewStatus } from '../lib/api-types';

export const REVIEW_STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

export function reviewStatusColor(status: string): 'warning' | 'success' | 'error' | 'default' {
  if (status === 'pending') return 'warning';
  if (status === 'approved') return 'success';
  if (status === 'rejected') return 'error';
  return 'default';
}

/** The API changes at most this many reviews a call. */
export const MODERATION_BATCH = 100;

/** Splits a selection into batches the API accepts. */
export function batches<T>(items: readonly T[], size = MODERATION_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The toast after a bulk change: how many reviews were approved or rejected, and how many no longer existed. */
export function moderationMessage(status: 'approved' | 'rejected', changed: number, missing: number): string {
  const what = `${changed} ${changed === 1 ? 'review' : 'reviews'} ${status}`;
  return missing > 0 ? `${what}; ${missing} no longer ${missing === 1 ? 'exists' : 'exist'}` : what;
}
