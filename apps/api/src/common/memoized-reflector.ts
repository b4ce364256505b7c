import { Global, Injectable, Module } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

/**
 * A Reflector that reads each (key, target) once. Route metadata is written by decorators when the classes are
 * defined and never changes afterwards, while the global guards and interceptors ask for it on every request (the
 * throttler guard alone seven times), each read going through reflect-metadata's prototype chains.
 */
@Injectable()
export class MemoizedReflector extends Reflector {
  /** The usual call, [handler, controller]: one lookup on the handler instead of one per target. */
  override getAllAndOverride<T = unknown>(metadataKeyOrDecorator: unknown, targets: Array<object>): T {
    if (targets.length !== 2) return super.getAllAndOverride<T>(metadataKeyOrDecorator as string, targets as never);
    const [handler, classRef] = targets;
    const memo = memoOf(handler, OVERRIDE_MEMO);
    let entry = memo.get(metadataKeyOrDecorator) as OverrideEntry | undefined;
    if (entry === undefined || entry.classRef !== classRef) {
      entry = { classRef, value: super.getAllAndOverride(metadataKeyOrDecorator as string, targets as never) };
      memo.set(metadataKeyOrDecorator, entry);
    }
    return entry.value as T;
  }

  override get<T = unknown>(metadataKeyOrDecorator: unknown, target: object): T {
    const memo = memoOf(target, MEMO);
    let value = memo.get(metadataKeyOrDecorator);
    if (value === undefined) {
      value = super.get(metadataKeyOrDecorator as string, target as never) ?? NONE;
      memo.set(metadataKeyOrDecorator, value);
    }
    return (value === NONE ? undefined : value) as T;
  }
}

/** Where a target (a controller class or a handler) keeps the metadata already read: one map lookup per read. */
const MEMO = Symbol('metadata already read');
/** The memo's value for "no metadata". */
const NONE = Symbol('no metadata');

/** Where a handler keeps the getAllAndOverride answers already worked out, with the controller they were for. */
const OVERRIDE_MEMO = Symbol('metadata overrides already read');

interface OverrideEntry {
  classRef: object;
  value: unknown;
}

function memoOf(target: object, slot: symbol): Map<unknown, unknown> {
  const holder = target as Record<symbol, Map<unknown, unknown> | undefined>;
  let memo = holder[slot];
  if (memo === undefined) {
    memo = new Map();
    // A frozen target keeps nothing: each read goes to reflect-metadata.
    if (!Object.isExtensible(target)) return memo;
    Object.defineProperty(target, slot, { value: memo });
  }
  return memo;
}

/** One MemoizedReflector for the whole API: the global guards and interceptors inject it. */
@Global()
@Module({ providers: [MemoizedReflector], exports: [MemoizedReflector] })
export class MemoizedReflectorModule {}
