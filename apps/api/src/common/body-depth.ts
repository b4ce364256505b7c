import type { NextFunction, Request, Response } from 'express';
import { badRequest } from './domain-error';

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

/**
 * Refuses bodies nested deeper than MAX_BODY_DEPTH with 400 before validation: class-transformer and
 * class-validator recurse and would otherwise answer 500 (stack overflow) to a body like [[[[…]]]].
 */
export function limitBodyDepth(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (body !== null && typeof body === 'object' && nestingDepth(body) > MAX_BODY_DEPTH) {
    return next(badRequest('BODY_TOO_DEEP', `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`));
  }
  next();
}
