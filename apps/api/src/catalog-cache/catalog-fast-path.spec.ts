import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CatalogFastPath } from './catalog-fast-path';
import { ResponseCache } from './response-cache';

/** The fast path in front of a stand-in for Express, with the real Redis behind the throttler. */
describe('CatalogFastPath', () => {
  const prefix = `test-fast-path-${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
  const cache = new ResponseCache(60_000);
  let server: Server;
  let url: string;
  let fullCalls = 0;
  // What the session cache knows of recent callers (the real SessionCache is a FreshCache of database reads).
  const sessions = new Map<string, { isAdmin: boolean; isDistributor: boolean }>([
    ['customer-1', { isAdmin: false, isDistributor: false }],
    ['admin-1', { isAdmin: true, isDistributor: false }],
    ['distributor-1', { isAdmin: false, isDistributor: true }],
  ]);
  /** A JWT-shaped token for `sub` (the fast path reads the claim only; the signature is the guard's business). */
  const token = (sub: unknown) => ['eyJhbGciOiJIUzI1NiJ9', Buffer.from(JSON.stringify({ sub })).toString('base64url'), 'c2lnbmF0dXJl'].join('.');

  beforeAll(async () => {
    server = createServer((_req, res) => {
      fullCalls += 1;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('full pipeline');
    });
    new CatalogFastPath(cache, redis, { rateLimitDefault: 1000, trustProxyHops: 0 }, sessions).install(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    redis.disconnect();
  });

  function store(path: string, headers: Record<string, string>): void {
    const ticket = cache.begin(path);
    if (!ticket) throw new Error('the cache is off');
    cache.store(ticket, { status: 200, headers, body: Buffer.from('from the cache'), etag: '"v1"', route: 'Test-list' });
  }

  it('answers a guest from the cache with its own request id and rate-limit counters', async () => {
    store('/api/good', { 'content-type': 'application/json', etag: '"v1"' });
    const before = fullCalls;
    const res = await fetch(`${url}/api/good`);
    expect(await res.text()).toBe('from the cache');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(fullCalls).toBe(before);
    const again = await fetch(`${url}/api/good`, { headers: { 'if-none-match': '"v1"' } });
    expect(again.status).toBe(304);
  });

  it('hands a cached answer that Node refuses to send over to the full pipeline instead of failing', async () => {
    // A header value with a line break: writeHead throws before anything is sent.
    store('/api/broken', { 'content-type': 'application/json', 'x-broken': 'one\ntwo' });
    const before = fullCalls;
    const res = await fetch(`${url}/api/broken`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('full pipeline');
    expect(fullCalls).toBe(before + 1);
  });

  it('leaves misses, admins, distributors, unknown users and unreadable tokens to the full pipeline', async () => {
    store('/api/good', { 'content-type': 'application/json', etag: '"v1"' });
    const before = fullCalls;
    const calls: Record<string, string>[] = [
      { authorization: 'Bearer x' },
      { authorization: `Bearer ${token('admin-1')}` },
      { authorization: `Bearer ${token('distributor-1')}` },
      { authorization: `Bearer ${token('someone-else')}` },
      { authorization: `Bearer ${token(42)}` },
      { authorization: 'Bearer a.%%%.c' },
      { cookie: `theme=dark; jwt=${token('admin-1')}` },
      // The guard reads the bearer token first: an admin's bearer with a customer's cookie is an admin.
      { authorization: `Bearer ${token('admin-1')}`, cookie: `jwt=${token('customer-1')}` },
      // A cross-origin call gets CORS headers of its own.
      { authorization: `Bearer ${token('customer-1')}`, origin: 'https://elsewhere.example' },
    ];
    for (const headers of calls) expect(await (await fetch(`${url}/api/good`, { headers })).text()).toBe('full pipeline');
    expect(await (await fetch(`${url}/api/not-cached`, { headers: { authorization: `Bearer ${token('customer-1')}` } })).text()).toBe('full pipeline');
    expect(fullCalls).toBe(before + calls.length + 1);
  });

  it('answers a signed-in customer known to the session cache like a guest, by bearer token or cookie', async () => {
    store('/api/good', { 'content-type': 'application/json', etag: '"v1"' });
    const before = fullCalls;
    const calls: Record<string, string>[] = [
      { authorization: `Bearer ${token('customer-1')}` },
      { cookie: `theme=dark; jwt=${token('customer-1')}` },
      // Not a bearer scheme: the guard falls back to the cookie, and so does the fast path.
      { authorization: 'Basic dXNlcjpwYXNz', cookie: `jwt=${token('customer-1')}` },
    ];
    for (const headers of calls) expect(await (await fetch(`${url}/api/good`, { headers })).text()).toBe('from the cache');
    expect(fullCalls).toBe(before);
  });
});
