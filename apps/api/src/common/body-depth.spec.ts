import { MAX_BODY_DEPTH, nestingDepth } from './body-depth';

describe('nestingDepth', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestingDepth('text')).toBe(0);
    expect(nestingDepth({})).toBe(1);
    expect(nestingDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(nestingDepth([[], [[]]])).toBe(3);
  });

  it('handles hostile depth without recursion and stops counting past the limit', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(nestingDepth(deep)).toBe(MAX_BODY_DEPTH + 1);
  });
});
