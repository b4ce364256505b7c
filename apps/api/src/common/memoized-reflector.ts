import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

/**
 * A Reflector that reads each (key, target) once. Route metadata is written by decorators when the classes are
 * defined and never changes afterwards, while the global guards and interceptors ask for it on every request (the
 * throttler guard alone seven times), each read going through reflect-metadata's prototype chains.
 */
@Injectable()
export class MemoizedReflector extends Reflector {
  override get<T = unknown>(metadataKeyOrDecorator: unknown, target: object): T {
    const memo = memoOf(target);
    let value = memo.get(metadataKeyOrDecorator);
    if (value === undefined) {
      value = (Reflector.prototype.get as (key: unknown, target: object) => unknown).call(this, metadataKeyOrDecorator, target) ?? NONE;
      memo.set(metadataKeyOrDecorator, value);
    }
    return (value === NONE ? undefined : value) as T;
  }
}

/** Where a target (a controller class or a handler) keeps the metadata already read: one map lookup per read. */
const MEMO = Symbol('metadata already read');
/** The memo's value for "no metadata". */
const NONE = Symbol('no metadata');

function memoOf(target: object): Map<unknown, unknown> {
  const holder = target as { [MEMO]?: Map<unknown, unknown> };
  let memo = holder[MEMO];
  if (memo === undefined) {
    memo = new Map();
    // A frozen target keeps nothing: each read goes to reflect-metadata.
    if (!Object.isExtensible(target)) return memo;
    Object.defineProperty(target, MEMO, { value: memo });
  }
  return memo;
}
