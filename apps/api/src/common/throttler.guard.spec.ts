import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SkipThrottle, Throttle, ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import { MemoizedReflector } from './memoized-reflector';
import { KEYS_PER_ROUTE, ShopThrottlerGuard } from './throttler.guard';

class BaseController {
  @SetMetadata('role', 'admin')
  list(): void {}
}

@SetMetadata('area', 'catalog')
class CatalogController extends BaseController {
  @SetMetadata('role', 'guest')
  one(): void {}
}

const contextOf = (classRef: object, handler: object) => ({ getClass: () => classRef, getHandler: () => handler }) as unknown as ExecutionContext;

const storage: ThrottlerStorage = { increment: () => Promise.reject(new Error('not used')) };

describe('MemoizedReflector', () => {
  it('answers what Reflector answers, present or absent, on handlers and (inherited) classes, every time', () => {
    const plain = new Reflector();
    const memo = new MemoizedReflector();
    const asks: Array<[string, object[]]> = [
      ['role', [CatalogController.prototype.one, CatalogController]],
      ['role', [BaseController.prototype.list, CatalogController]],
      ['area', [CatalogController.prototype.one, CatalogController]],
      ['area', [BaseController.prototype.list, BaseController]],
      ['missing', [CatalogController.prototype.one, CatalogController]],
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const [key, targets] of asks)
        expect(memo.getAllAndOverride(key, targets as never)).toEqual(plain.getAllAndOverride(key, targets as never));
    }
    expect(memo.getAllAndOverride('role', [CatalogController.prototype.one, CatalogController])).toBe('guest');
    expect(memo.getAllAndOverride('missing', [CatalogController.prototype.one, CatalogController])).toBeUndefined();
  });
});

describe('ShopThrottlerGuard', () => {
  const guard = new ShopThrottlerGuard({ throttlers: [{ name: 'default', ttl: 60_000, limit: 10 }] }, storage, new MemoizedReflector());
  const library = new ThrottlerGuard({ throttlers: [{ name: 'default', ttl: 60_000, limit: 10 }] }, storage, new Reflector());
  const keyOf = (g: ThrottlerGuard, context: ExecutionContext, tracker: string, name: string) =>
    (g as unknown as { generateKey(c: ExecutionContext, s: string, n: string): string }).generateKey(context, tracker, name);

  it("counts under the library's own keys: per route, throttler and client, whether remembered or not", () => {
    const one = contextOf(CatalogController, CatalogController.prototype.one);
    const list = contextOf(CatalogController, BaseController.prototype.list);
    const baseList = contextOf(BaseController, BaseController.prototype.list);
    const cases: Array<[ExecutionContext, string, string]> = [
      [one, '10.0.0.1', 'default'],
      [one, '10.0.0.2', 'default'],
      [one, '10.0.0.1', 'auth'],
      [list, '10.0.0.1', 'default'],
      [baseList, '10.0.0.1', 'default'],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [context, tracker, name] of cases) expect(keyOf(guard, context, tracker, name)).toBe(keyOf(library, context, tracker, name));
    }
    expect(new Set(cases.map(([context, tracker, name]) => keyOf(guard, context, tracker, name))).size).toBe(cases.length);
  });

  it('keeps a bounded number of keys per route and still answers right past the bound', () => {
    const one = contextOf(CatalogController, CatalogController.prototype.one);
    for (let i = 0; i < KEYS_PER_ROUTE + 10; i += 1) {
      const tracker = `10.1.${i >> 8}.${i & 255}`;
      expect(keyOf(guard, one, tracker, 'default')).toBe(keyOf(library, one, tracker, 'default'));
    }
    const remembered = (guard as unknown as { keys: WeakMap<object, WeakMap<object, Map<string, string>>> }).keys
      .get(CatalogController)
      ?.get(CatalogController.prototype.one);
    expect(remembered?.size).toBeLessThanOrEqual(KEYS_PER_ROUTE);
  });
});

const customTracker = (req: Record<string, unknown>): Promise<string> => Promise.resolve(String(req.ip));
const customKey = (_c: ExecutionContext, tracker: string, name: string): string => `${name}:${tracker}`;

@SkipThrottle()
class QuietController {
  skipped(): void {}
  @SkipThrottle({ default: false })
  @Throttle({ default: { limit: 3, ttl: 1_000, blockDuration: 5_000 } })
  counted(): void {}
}

class LoudController {
  plain(): void {}
  @Throttle({ default: { limit: () => 7, ttl: 2_000, getTracker: customTracker, generateKey: customKey }, auth: { limit: 2, ttl: 500 } })
  tuned(): void {}
  @SkipThrottle({ auth: true })
  noAuth(): void {}
}

/** What a guard would count: the request's throttling, without the context. */
type Counted = Omit<ThrottlerRequest, 'context' | 'throttler'> & { name?: string };

function recordInto(calls: Counted[], { context: _context, throttler, ...rest }: ThrottlerRequest): Promise<boolean> {
  calls.push({ ...rest, name: throttler.name });
  return Promise.resolve(true);
}

/** The shop's guard and the library's, each recording what it would count instead of counting it. */
class RecordingShopGuard extends ShopThrottlerGuard {
  calls: Counted[] = [];
  protected override handleRequest(request: ThrottlerRequest): Promise<boolean> {
    return recordInto(this.calls, request);
  }
}

class RecordingLibraryGuard extends ThrottlerGuard {
  calls: Counted[] = [];
  protected override handleRequest(request: ThrottlerRequest): Promise<boolean> {
    return recordInto(this.calls, request);
  }
}

describe('ShopThrottlerGuard.canActivate', () => {
  const request = { ip: '10.0.0.1', headers: {}, raw: { headers: {} } };
  const httpContextOf = (classRef: object, handler: object) =>
    ({
      ...contextOf(classRef, handler),
      getClass: () => classRef,
      getHandler: () => handler,
      switchToHttp: () => ({ getRequest: () => request }),
    }) as unknown as ExecutionContext;
  const options: ThrottlerModuleOptions = {
    throttlers: [
      { name: 'default', ttl: 60_000, limit: 100 },
      { name: 'auth', ttl: 60_000, limit: 10, blockDuration: 120_000, skipIf: (c) => c.getHandler() === LoudController.prototype.plain },
    ],
  };

  it("counts each route under the library's limits, ttls, block durations, trackers and skips, on every request", async () => {
    const shop = new RecordingShopGuard(options, storage, new MemoizedReflector());
    const library = new RecordingLibraryGuard(options, storage, new Reflector());
    await shop.onModuleInit();
    await library.onModuleInit();
    const routes: Array<[object, object]> = [
      [QuietController, QuietController.prototype.skipped],
      [QuietController, QuietController.prototype.counted],
      [LoudController, LoudController.prototype.plain],
      [LoudController, LoudController.prototype.tuned],
      [LoudController, LoudController.prototype.noAuth],
    ];
    const custom = (fn: unknown): unknown => (fn === customTracker || fn === customKey ? fn : 'the default');
    for (let round = 0; round < 2; round += 1) {
      for (const [classRef, handler] of routes) {
        shop.calls = [];
        library.calls = [];
        await expect(shop.canActivate(httpContextOf(classRef, handler))).resolves.toBe(true);
        await library.canActivate(httpContextOf(classRef, handler));
        const same = (calls: Counted[]) => calls.map((c) => ({ ...c, getTracker: custom(c.getTracker), generateKey: custom(c.generateKey) }));
        expect(same(shop.calls)).toEqual(same(library.calls));
      }
    }
    // The cases above are not all alike: a skipped route, block durations, a function limit, the custom tracker.
    shop.calls = [];
    await shop.canActivate(httpContextOf(LoudController, LoudController.prototype.tuned));
    expect(shop.calls).toEqual([
      { name: 'default', limit: 7, ttl: 2_000, blockDuration: 2_000, getTracker: customTracker, generateKey: customKey },
      expect.objectContaining({ name: 'auth', limit: 2, ttl: 500, blockDuration: 120_000 }),
    ]);
    shop.calls = [];
    await shop.canActivate(httpContextOf(QuietController, QuietController.prototype.skipped));
    expect(shop.calls).toEqual([expect.objectContaining({ name: 'auth' })]);
  });
});
