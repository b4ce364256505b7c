import { ExecutionContext, Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type Resolvable,
  type ThrottlerGenerateKeyFunction,
  type ThrottlerGetTrackerFunction,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { isInProcessRequest } from './in-process-request';
import { MemoizedReflector } from './memoized-reflector';

/** How many counter keys each route remembers before it starts over (one per client and named throttler). */
export const KEYS_PER_ROUTE = 4096;

/** The metadata keys @nestjs/throttler's decorators write (`@Throttle`, `@SkipThrottle`…), each followed by a throttler's name. */
const META = {
  skip: 'THROTTLER:SKIP',
  limit: 'THROTTLER:LIMIT',
  ttl: 'THROTTLER:TTL',
  blockDuration: 'THROTTLER:BLOCK_DURATION',
  tracker: 'THROTTLER:TRACKER',
  keyGenerator: 'THROTTLER:KEY_GENERATOR',
} as const;

/** What one named throttler does on one route: its options with the route's and controller's decorators applied. */
interface RouteThrottle {
  throttler: ThrottlerOptions;
  skip: boolean;
  limit: Resolvable<number>;
  ttl: Resolvable<number>;
  /** Unset: the block lasts the ttl. */
  blockDuration?: Resolvable<number>;
  getTracker: ThrottlerGetTrackerFunction;
  generateKey: ThrottlerGenerateKeyFunction;
}

/**
 * @nestjs/throttler's guard, unchanged in what it decides, with the costs of the hot path remembered:
 *
 * - route metadata: canActivate is the library's, except that what the decorators say for a route is read once,
 *   not six times per throttler and request (each read a fresh string key: about 3 µs of a 68 µs cached answer);
 *   limits, ttls and block durations given as functions are still called on every request;
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
  private readonly routes = new WeakMap<object, WeakMap<object, RouteThrottle[]>>();

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: MemoizedReflector,
  ) {
    super(options, storage, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.shouldSkip(context)) return true;
    for (const route of this.routeThrottles(context)) {
      const { throttler } = route;
      const skipIf = throttler.skipIf ?? this.commonOptions.skipIf;
      if (route.skip || skipIf?.(context)) continue;
      // In the library's order: limit, ttl, block duration.
      const limit = toNumber(await resolveValue(context, route.limit), 'limit', throttler.name);
      const ttl = toNumber(await resolveValue(context, route.ttl), 'ttl', throttler.name);
      await this.handleRequest({
        context,
        limit,
        ttl,
        throttler,
        blockDuration: toNumber(
          route.blockDuration === undefined ? ttl : await resolveValue(context, route.blockDuration),
          'blockDuration',
          throttler.name,
        ),
        getTracker: route.getTracker,
        generateKey: route.generateKey,
      });
    }
    return true;
  }

  /** Each named throttler as the route's and its controller's decorators set it, read once per route. */
  private routeThrottles(context: ExecutionContext): RouteThrottle[] {
    return routeEntry(this.routes, context, () => {
      const classRef = context.getClass();
      const handler = context.getHandler();
      const read = <T>(key: string, throttler: ThrottlerOptions): T | undefined =>
        this.reflector.getAllAndOverride<T | undefined>(key + throttler.name, [handler, classRef]);
      return this.throttlers.map((throttler) => ({
        throttler,
        skip: Boolean(read<boolean>(META.skip, throttler)),
        limit: read<Resolvable<number>>(META.limit, throttler) ?? throttler.limit,
        ttl: read<Resolvable<number>>(META.ttl, throttler) ?? throttler.ttl,
        blockDuration: read<Resolvable<number>>(META.blockDuration, throttler) ?? throttler.blockDuration,
        getTracker:
          read<ThrottlerGetTrackerFunction>(META.tracker, throttler) ||
          throttler.getTracker ||
          this.commonOptions.getTracker ||
          ((req: Record<string, unknown>) => this.getTracker(req)),
        generateKey:
          read<ThrottlerGenerateKeyFunction>(META.keyGenerator, throttler) ||
          throttler.generateKey ||
          this.commonOptions.generateKey ||
          ((c: ExecutionContext, suffix: string, name: string) => this.generateKey(c, suffix, name)),
      }));
    });
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (isInProcessRequest(context.switchToHttp().getRequest<FastifyRequest>().raw)) return Promise.resolve(true);
    return super.shouldSkip(context);
  }

  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
    const keys = routeEntry(this.keys, context, () => new Map<string, string>());
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

/** What a route (its controller class and handler) keeps in a store, made on the route's first request. */
function routeEntry<T>(store: WeakMap<object, WeakMap<object, T>>, context: ExecutionContext, create: () => T): T {
  const classRef = context.getClass();
  const handler = context.getHandler();
  let byHandler = store.get(classRef);
  if (byHandler === undefined) {
    byHandler = new WeakMap();
    store.set(classRef, byHandler);
  }
  let entry = byHandler.get(handler);
  if (entry === undefined) {
    entry = create();
    byHandler.set(handler, entry);
  }
  return entry;
}

/** A limit, ttl or block duration given as a function is called with the request's context (the library's rule). */
function resolveValue(context: ExecutionContext, value: Resolvable<number>): number | Promise<number> {
  return typeof value === 'function' ? value(context) : value;
}

/** The library's check: a number, or a numeric string; anything else is a configuration error. */
function toNumber(value: unknown, option: string, throttler: string | undefined): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || Number.isNaN(number))
    throw new Error(`Invalid "${option}" for the "${throttler}" throttler: expected a number, got ${JSON.stringify(value)}.`);
  return number;
}
