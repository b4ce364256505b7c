import { ResponseCache } from './response-cache';
import { catalogCacheControl, catalogView, replayableHeaders } from './public-cache';

const entry = (text: string) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: text, etag: 'W/"1"' });

describe('ResponseCache', () => {
  it('keeps an answer and serves it until a write', () => {
    const cache = new ResponseCache(10_000);
    expect(cache.store(cache.begin('/a')!, entry('one'))).toBe(true);
    expect(cache.lookup('/a')?.body).toBe('one');
    cache.invalidate();
    expect(cache.lookup('/a')).toBeUndefined();
  });

  it('does not keep an answer computed while a write happened (it may be stale)', () => {
    const cache = new ResponseCache(10_000);
    const ticket = cache.begin('/a')!;
    cache.invalidate();
    expect(cache.store(ticket, entry('old'))).toBe(false);
    expect(cache.lookup('/a')).toBeUndefined();
  });

  it('lets later requests wait for an answer being computed, and hands them what was kept', async () => {
    const cache = new ResponseCache(10_000);
    expect(cache.inFlight('/a')).toBeUndefined();
    const ticket = cache.begin('/a')!;
    const waiting = [cache.inFlight('/a')!, cache.inFlight('/a')!];
    // A second computation of the same key does not take over the first one's waiters.
    const second = cache.begin('/a')!;
    expect(cache.inFlight('/a')).toBe(waiting[0]);
    expect(cache.finish(ticket, entry('one'))).toBe(true);
    for (const answer of await Promise.all(waiting)) expect(answer?.body).toBe('one');
    expect(cache.coalesced).toBe(3);
    expect(cache.inFlight('/a')).toBeUndefined();
    // Ending it again, or ending the other computation, changes nothing for anyone.
    expect(cache.finish(ticket)).toBe(false);
    expect(cache.finish(second, entry('two'))).toBe(true);
    expect(cache.inFlight('/a')).toBeUndefined();
  });

  it('tells waiters to compute their own answer when none was kept: an error, or a write meanwhile', async () => {
    const cache = new ResponseCache(10_000);
    const failed = cache.begin('/a')!;
    const afterError = cache.inFlight('/a');
    cache.finish(failed);
    expect(await afterError).toBeUndefined();

    const stale = cache.begin('/b')!;
    const afterWrite = cache.inFlight('/b');
    cache.invalidate();
    expect(await afterWrite).toBeUndefined();
    // Requests after the write compute afresh instead of waiting for the answer from before it.
    expect(cache.inFlight('/b')).toBeUndefined();
    const fresh = cache.begin('/b')!;
    const waiter = cache.inFlight('/b');
    expect(cache.finish(stale, entry('old'))).toBe(false);
    expect(cache.finish(fresh, entry('new'))).toBe(true);
    expect((await waiter)?.body).toBe('new');
  });

  it('expires entries after the TTL and is off with a TTL of 0', () => {
    let now = 1000;
    const cache = new ResponseCache(500, 10, () => now);
    cache.store(cache.begin('/a')!, entry('one'));
    now += 499;
    expect(cache.lookup('/a')).toBeDefined();
    now += 1;
    expect(cache.lookup('/a')).toBeUndefined();
    const off = new ResponseCache(0);
    expect(off.begin('/a')).toBeUndefined();
    expect(off.lookup('/a')).toBeUndefined();
  });

  it("on a stock-only change drops the product's own answers at once and the lists after the lag", () => {
    jest.useFakeTimers();
    try {
      const cache = new ResponseCache(60_000, 100, Date.now, 1000);
      cache.store(cache.begin('/products/p1')!, { ...entry('p1'), subject: 'p1' });
      cache.store(cache.begin('/products/p2')!, { ...entry('p2'), subject: 'p2' });
      cache.store(cache.begin('/products/p3')!, { ...entry('p3'), subject: 'p3' });
      cache.store(cache.begin('/products?page=1')!, entry('list'));
      cache.stockChanged(['p1']);
      const listBefore = cache.begin('/products?page=2')!;
      const p3Before = cache.begin('/products/p3')!;
      expect(cache.lookup('/products/p1')).toBeUndefined();
      expect(cache.lookup('/products/p2')).toBeDefined();
      expect(cache.lookup('/products?page=1')).toBeDefined();
      // More changes inside the lag do not push the catch-up further away.
      jest.advanceTimersByTime(600);
      cache.stockChanged(['p2']);
      expect(cache.lookup('/products/p2')).toBeUndefined();
      jest.advanceTimersByTime(400);
      expect(cache.lookup('/products?page=1')).toBeUndefined();
      // Another product's page is still exact and stays; a list begun before the catch-up is not kept, nor is
      // a product page begun before it (the changes it might have missed are no longer tracked).
      expect(cache.lookup('/products/p3')?.body).toBe('p3');
      expect(cache.size).toBe(1);
      expect(cache.store(listBefore, entry('old list'))).toBe(false);
      expect(cache.store(p3Before, { ...entry('p3'), subject: 'p3' })).toBe(false);
      expect(cache.store(cache.begin('/products?page=2')!, entry('new list'))).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("does not keep a product's answer computed while its stock changed, but keeps others", () => {
    const cache = new ResponseCache(60_000, 100, Date.now, 1000);
    const p1 = cache.begin('/products/p1')!;
    const p2 = cache.begin('/products/p2')!;
    const list = cache.begin('/products?page=1')!;
    cache.stockChanged(['p1']);
    expect(cache.store(p1, { ...entry('old p1'), subject: 'p1' })).toBe(false);
    expect(cache.store(p2, { ...entry('p2'), subject: 'p2' })).toBe(true);
    // A list may show the old figure until the catch-up empties it.
    expect(cache.store(list, entry('list'))).toBe(true);
    expect(cache.store(cache.begin('/products/p1')!, { ...entry('new p1'), subject: 'p1' })).toBe(true);
    cache.invalidate();
  });

  it('treats a stock change as any change with a lag of 0', () => {
    const cache = new ResponseCache(60_000, 100, Date.now, 0);
    cache.store(cache.begin('/products?page=1')!, entry('list'));
    cache.stockChanged(['p1']);
    expect(cache.lookup('/products?page=1')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = new ResponseCache(10_000, 2);
    for (const key of ['/a', '/b', '/c']) cache.store(cache.begin(key)!, entry(key));
    expect(cache.size).toBe(2);
    expect(cache.lookup('/a')).toBeUndefined();
    expect(cache.lookup('/c')?.body).toBe('/c');
  });
});

describe('public cache rules', () => {
  const customer = { isAdmin: false, isDistributor: false };
  it('gives the guest view to guests and plain customers, and a personal one to admins, distributors and owners', () => {
    expect(catalogView(undefined, {})).toBe('guest');
    expect(catalogView(undefined, { ownersSeeMore: true })).toBe('guest');
    expect(catalogView(customer, {})).toBe('guest');
    expect(catalogView(customer, { ownersSeeMore: true })).toBe('personal');
    expect(catalogView({ isAdmin: true, isDistributor: false }, {})).toBe('personal');
    expect(catalogView({ isAdmin: false, isDistributor: true }, {})).toBe('personal');
  });

  it('caches publicly only a guest view asked without credentials', () => {
    expect(catalogCacheControl('guest', {})).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    expect(catalogCacheControl('guest', { cookie: 'theme=dark; other=1' })).toMatch(/^public/);
    expect(catalogCacheControl('guest', { cookie: 'theme=dark; jwt=abc' })).toBe('private, no-cache');
    expect(catalogCacheControl('guest', { authorization: 'Bearer x' })).toBe('private, no-cache');
    expect(catalogCacheControl('personal', { authorization: 'Bearer x' })).toBe('private, no-store');
  });

  it('replays only the headers the handler set, never per-request ones', () => {
    const before = { 'x-request-id': 'a', 'x-ratelimit-limit': 5, 'content-security-policy': "default-src 'self'" };
    const after = {
      ...before,
      'set-cookie': ['a=b'],
      etag: 'W/"1"',
      'content-length': 10,
      'x-total-count': 3,
      'cache-control': 'public',
      vary: 'Origin, Cookie',
    };
    expect(replayableHeaders(after, before)).toEqual({ etag: 'W/"1"', 'x-total-count': '3' });
  });
});
