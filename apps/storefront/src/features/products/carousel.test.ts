import { describe, expect, it } from 'vitest';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_DESCRIPTION_LENGTH, CAROUSEL_SPEED_MS, nextPosition, settlePosition } from './carousel-logic';
import { SKELETON_CARDS } from './shop-filters';

describe('carousel', () => {
  it('uses the spec timings', () => {
    expect(CAROUSEL_AUTOPLAY_MS).toBe(3000);
    expect(CAROUSEL_SPEED_MS).toBe(500);
    expect(CAROUSEL_DESCRIPTION_LENGTH).toBe(150);
  });
  it('loops infinitely through the clones at each end', () => {
    expect(nextPosition(3, 1, 3)).toBe(4);
    expect(settlePosition(4, 3)).toBe(1);
    expect(nextPosition(1, -1, 3)).toBe(0);
    expect(settlePosition(0, 3)).toBe(3);
    expect(settlePosition(2, 3)).toBe(2);
  });
  it('shows 6 skeleton cards while loading', () => {
    expect(SKELETON_CARDS).toBe(6);
  });
});
