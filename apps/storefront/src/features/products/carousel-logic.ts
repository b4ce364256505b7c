/** Carousel timings of the spec (section 9). */
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_SPEED_MS = 500;
export const CAROUSEL_DESCRIPTION_LENGTH = 150;

/** Next position on an infinite track with one clone at each end (positions 0..n+1). */
export function nextPosition(position: number, step: 1 | -1, count: number): number {
  return Math.min(count + 1, Math.max(0, position + step));
}

/** After the transition, a clone is swapped for its real slide without animation. */
export function settlePosition(position: number, count: number): number {
  if (position === 0) return count;
  if (position === count + 1) return 1;
  return position;
}
