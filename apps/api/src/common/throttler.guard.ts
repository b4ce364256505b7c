import { ExecutionContext, Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { isInProcessRequest } from './in-process-request';
import { MemoizedReflector } from './memoized-reflector';

/** How many counter keys each route remembers before it starts over (one per client and named throttler). */
export const KEYS_PER_ROUTE = 4096;

/**
 * @nestjs/throttler's guard, unchanged in what it decides, with two costs of the hot path remembered:
 *
 * - route metadata, through MemoizedReflector;
 * - the counter's key: the library's own generateKey (a SHA-256 of route, throttler and client) is computed once
 *   per route, throttler and client and then reused, so the counters are exactly the library's and an upgrade
 *   that changes its key format changes them here too. Each route keeps at most KEYS_PER_ROUTE keys.
 *
 * Requests the API makes to itself in process (the server renderer's data, see in-process-request.ts) are not
 * counted: the page request that caused them was.
 */
@Injectable()
export class ShopThrottlerGuard extends ThrottlerGuard {
  private readonly keys = new WeakMap<object, WeakMap<object, Map<string, string>>>();

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: MemoizedReflector,
  ) {
    super(options, storage, reflector);
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (isInProcessRequest(context.switchToHttp().getRequest<FastifyRequest>().raw)) return Promise.resolve(true);
    return super.shouldSkip(context);
  }

  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
    const classRef = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.keys.get(classRef);
    if (byHandler === undefined) {
      byHandler = new WeakMap();
      this.keys.set(classRef, byHandler);
    }
    let keys = byHandler.get(handler);
    if (keys === undefined) {
      keys = new Map();
      byHandler.set(handler, keys);
    }
    const id = `${name}\n${suffix}`;
    let key = keys.get(id);
    if (key === undefined) {
      if (keys.size >= KEYS_PER_ROUTE) keys.clear();
      key = super.generateKey(context, suffix, name);
      keys.set(id, key);
    }
    return key;
  }
}
