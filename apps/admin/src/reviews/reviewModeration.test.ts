import { describe, expect, it } from 'vitest';
import { batches, moderationMessage, reviewStatusColor } from './reviewModeration';

describe('review moderation helpers', () => {
  it('splits a selection into batches of at most 100 ids', () => {
    const ids = Array.from({ length: 205 }, (_, i) => `id${i}`);
    const parts = batches(ids);
    expect(parts.map((p) => p.length)).toEqual([100, 100, 5]);
    expect(parts.flat()).toEqual(ids);
    expect(batches([])).toEqual([]);
  });

  it('says how many reviews changed and how many were gone', () => {
    expect(moderationMessage('approved', 1, 0)).toBe('1 review approved');
    expect(moderationMessage('rejected', 3, 1)).toBe('3 reviews rejected; 1 no longer exists');
    expect(moderationMessage('rejected', 0, 2)).toBe('0 reviews rejected; 2 no longer exist');
  });

  it('colours each status', () => {
    expect(reviewStatusColor('pending')).toBe('warning');
    expect(reviewStatusColor('approved')).toBe('success');
    expect(reviewStatusColor('rejected')).toBe('error');
    expect(reviewStatusColor('other')).toBe('default');
  });
});
