/** Deepest nesting of objects and arrays a request body may have; the API's own DTOs need far less. */
export const MAX_BODY_DEPTH = 20;

/**
 * How deeply `value` nests objects and arrays, counted without recursion (a hostile body nested
 * thousands of levels deep must not overflow the stack here). Stops counting once past `limit`.
 */
export function nestingDepth(value: unknown, limit = MAX_BODY_DEPTH): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return deepest;
}
