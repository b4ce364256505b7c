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

/** The cursor shows on fine pointers only, and not under prefers-reduced-motion. */
export function cursorEnabled(matchMedia: (query: string) => { matches: boolean }): boolean {
  return matchMedia('(pointer: fine)').matches && !matchMedia('(prefers-reduced-motion: reduce)').matches;
}
