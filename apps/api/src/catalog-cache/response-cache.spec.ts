import { ResponseCache } from './response-cache';
import { clientAddress, isSharedGuestRequest, matchesEtag, replayableHeaders } from './public-cache';

const entry = (text: string) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(text), etag: 'W/"1"', route: 'C-h' });

describe('ResponseCache', () => {
  it('keeps an answer and serves it until a write', () => {
    const cache = new ResponseCache(10_000);
    expect(cache.store(cache.begin('/a')!, entry('one'))).toBe(true);
    expect(cache.lookup('/a')?.body.toString()).toBe('one');
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

  it('on a stock-only change drops the product\'s own answers at once and the lists after the lag', () => {
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
      expect(cache.lookup('/products/p3')?.body.toString()).toBe('p3');
      expect(cache.size).toBe(1);
      expect(cache.store(listBefore, entry('old list'))).toBe(false);
      expect(cache.store(p3Before, { ...entry('p3'), subject: 'p3' })).toBe(false);
      expect(cache.store(cache.begin('/products?page=2')!, entry('new list'))).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not keep a product\'s answer computed while its stock changed, but keeps others', () => {
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
    expect(cache.lookup('/c')?.body.toString()).toBe('/c');
  });
});

describe('public cache rules', () => {
  it('shares only guests’ GETs: no bearer, no session cookie, no Origin', () => {
    expect(isSharedGuestRequest('GET', {})).toBe(true);
    expect(isSharedGuestRequest('GET', { cookie: 'theme=dark; other=1' })).toBe(true);
    expect(isSharedGuestRequest('GET', { cookie: 'theme=dark; jwt=abc' })).toBe(false);
    expect(isSharedGuestRequest('GET', { authorization: 'Bearer x' })).toBe(false);
    expect(isSharedGuestRequest('GET', { origin: 'https://elsewhere.example' })).toBe(false);
    expect(isSharedGuestRequest('POST', {})).toBe(false);
    expect(isSharedGuestRequest('HEAD', {})).toBe(false);
  });

  it('never replays per-request headers', () => {
    expect(replayableHeaders({ 'x-request-id': 'a', 'x-ratelimit-limit': 5, 'set-cookie': ['a=b'], etag: 'W/"1"', 'content-length': 10 })).toEqual({ etag: 'W/"1"', 'content-length': '10' });
  });

  it('computes the client address like Express with a hop count', () => {
    expect(clientAddress('10.0.0.1', '203.0.113.9', 0)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.1', '198.51.100.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.1', '198.51.100.1, 203.0.113.9', 2)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.1', '203.0.113.9', 5)).toBe('203.0.113.9');
  });

  it('matches If-None-Match weakly', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
