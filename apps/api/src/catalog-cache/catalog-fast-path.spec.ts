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

  beforeAll(async () => {
    server = createServer((_req, res) => {
      fullCalls += 1;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('full pipeline');
    });
    new CatalogFastPath(cache, redis, { rateLimitDefault: 1000, trustProxyHops: 0 }).install(server);
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

  it('leaves signed-in calls and misses to the full pipeline', async () => {
    const before = fullCalls;
    expect(await (await fetch(`${url}/api/good`, { headers: { authorization: 'Bearer x' } })).text()).toBe('full pipeline');
    expect(await (await fetch(`${url}/api/not-cached`)).text()).toBe('full pipeline');
    expect(fullCalls).toBe(before + 2);
  });
});
