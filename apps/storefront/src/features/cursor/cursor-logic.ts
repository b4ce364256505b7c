/** Trail points live about 0.7 s (spec section 1). */
export const TRAIL_LIFETIME_MS = 700;

export interface TrailPoint {
  x: number;
  y: number;
  t: number;
}

export function pruneTrail(points: TrailPoint[], now: number, lifetime = TRAIL_LIFETIME_MS): TrailPoint[] {
  return points.filter((p) => now - p.t < lifetime);
}

/** Anchors, buttons, inputs, selects, textareas, role button or link, and the clickable class. */
export const CLICKABLE_SELECTOR = 'a, button, input, select, textarea, [role="button"], [role="link"], .clickable';

export const FINE_POINTER = '(pointer: fine)';
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The cursor shows on fine pointers only, and not under prefers-reduced-motion. It is drawn beside the system
 * pointer and the text caret, never instead of them (they are not hidden).
 */
export function cursorEnabled(matchMedia: (query: string) => { matches: boolean }): boolean {
  return matchMedia(FINE_POINTER).matches && !matchMedia(REDUCED_MOTION).matches;
}
