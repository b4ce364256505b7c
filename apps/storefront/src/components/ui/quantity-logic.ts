/**
 * The rules of a quantity field, as pure functions (the component and its unit test share them).
 * While the shopper types, the field holds a draft: digits only, possibly empty. Only when the edit is
 * committed (blur or Enter) does the draft become a quantity, clamped to min..max.
 */

/** The upper bound a field really uses: never below min (a sold-out stock of 0 still allows min). */
export function effectiveMax(min: number, max: number | undefined): number {
  return max === undefined || !Number.isFinite(max) ? Number.POSITIVE_INFINITY : Math.max(min, Math.floor(max));
}

/** A whole number kept within min..max. */
export function clampQuantity(quantity: number, min: number, max?: number): number {
  const upper = effectiveMax(min, max);
  if (!Number.isFinite(quantity)) return min;
  return Math.min(upper, Math.max(min, Math.floor(quantity)));
}

/** What the field shows while typing: the digits of the text, nothing else ('' when cleared). */
export function sanitizeDraft(text: string): string {
  return text.replace(/\D+/g, '');
}

/** The number a draft stands for, or null when it is empty. */
export function parseDraft(draft: string): number | null {
  const digits = sanitizeDraft(draft);
  return digits === '' ? null : Number(digits);
}

/**
 * The quantity an edit ends with: the typed number clamped to min..max, or the current quantity when the
 * field was left empty (clearing a field is part of typing a new number, not a request for some other value).
 */
export function commitDraft(draft: string, current: number, min: number, max?: number): number {
  const typed = parseDraft(draft);
  return clampQuantity(typed ?? current, min, max);
}

/** One step up or down (arrow keys, − and + buttons) from what the field holds now. */
export function stepQuantity(draft: string, current: number, delta: number, min: number, max?: number): number {
  const base = parseDraft(draft) ?? current;
  return clampQuantity(clampQuantity(base, min, max) + delta, min, max);
}
