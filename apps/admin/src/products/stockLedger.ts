/** The stock ledger's words and the adjustment form's rules, unit-tested. */
import type { StockAdjustment, StockMovement } from '../lib/api-types';

export type ManualReason = StockAdjustment['reason'];

/** How each reason reads in the ledger. */
export const REASON_LABELS: Record<StockMovement['reason'], string> = {
  opening: 'Opening stock',
  initial: 'Initial stock',
  sale: 'Sale',
  release: 'Order not placed',
  cancellation: 'Order cancelled',
  return: 'Customer return',
  restock: 'Restock received',
  adjustment: 'Adjustment',
  import: 'CSV import',
  edit: 'Edited in the form',
};

export const MANUAL_REASONS: { value: ManualReason; label: string }[] = [
  { value: 'adjustment', label: 'Adjustment (say why)' },
  { value: 'restock', label: 'Restock received' },
  { value: 'return', label: 'Customer return' },
];

export interface AdjustmentForm {
  variantSku: string;
  change: string;
  reason: ManualReason;
  note: string;
}

/** A change as the ledger shows it: +3, −2. */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}

/**
 * The form's values as the API's body, or the first problem to show: a whole, non-zero number of units, a
 * variant when the product has variants, a note for an adjustment, and never below zero.
 */
export function adjustmentBody(
  form: AdjustmentForm,
  levels: { countInStock: number; variants: { sku: string; countInStock: number }[] },
): { body?: StockAdjustment; problem?: string } {
  const change = Number(form.change.trim());
  if (form.change.trim() === '' || !Number.isInteger(change) || change === 0)
    return { problem: 'Enter a whole number of units, not 0 (negative to take units out)' };
  if (levels.variants.length > 0 && !form.variantSku) return { problem: 'Choose the variant whose stock changes' };
  const note = form.note.trim();
  if (form.reason === 'adjustment' && !note) return { problem: 'Say why the stock changed' };
  const now = form.variantSku ? (levels.variants.find((v) => v.sku === form.variantSku)?.countInStock ?? 0) : levels.countInStock;
  if (now + change < 0) return { problem: `Only ${now} in stock: taking out ${-change} would leave less than zero` };
  return { body: { delta: change, reason: form.reason, ...(note ? { note } : {}), ...(form.variantSku ? { variantSku: form.variantSku } : {}) } };
}
