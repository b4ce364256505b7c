import { describe, expect, it } from 'vitest';
import { TRAIL_LIFETIME_MS, cursorEnabled, pruneTrail } from './cursor-logic';

describe('custom cursor', () => {
  it('keeps trail points about 0.7 s', () => {
    expect(TRAIL_LIFETIME_MS).toBe(700);
    const now = 10_000;
    expect(
      pruneTrail(
        [
          { x: 0, y: 0, t: now - 800 },
          { x: 1, y: 1, t: now - 100 },
        ],
        now,
      ),
    ).toEqual([{ x: 1, y: 1, t: now - 100 }]);
  });
  it('runs on fine pointers only, and not under reduced motion', () => {
    const media = (fine: boolean, reduce: boolean) => (q: string) => ({ matches: q.includes('pointer') ? fine : reduce });
    expect(cursorEnabled(media(true, false))).toBe(true);
    expect(cursorEnabled(media(false, false))).toBe(false);
    expect(cursorEnabled(media(true, true))).toBe(false);
  });
});
