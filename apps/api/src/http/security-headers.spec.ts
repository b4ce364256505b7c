import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawResponseOf } from './raw-response';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], frameAncestors: ["'none'"], upgradeInsecureRequests: null },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet's own middleware sets on a real Node response. */
async function helmetReference(options: HelmetOptions): Promise<http.IncomingHttpHeaders> {
  const middleware = helmet(options);
  const server = http.createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    return Object.fromEntries(res.headers);
  } finally {
    server.close();
  }
}

const ONLY_HTTP = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding']);
const securityOnly = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !ONLY_HTTP.has(name)));

describe('security headers (helmet, computed once)', () => {
  it('are exactly the headers helmet sets itself, CSP included', async () => {
    const reference = securityOnly(await helmetReference(OPTIONS));
    // helmet merges its default directives with ours.
    expect(reference['content-security-policy']).toEqual(expect.stringContaining("frame-ancestors 'none';img-src 'self' data:;object-src 'none'"));
    const computed = Object.fromEntries(securityHeaders(OPTIONS).map(([name, value]) => [name.toLowerCase(), value]));
    expect(computed).toEqual(reference);
    expect(computed['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('are sent with answers, with errors, with 404s and with what a route writes on the raw response', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/json', async () => ({ ok: true }));
    app.get('/raw', (_req, reply) => {
      reply.hijack();
      rawResponseOf(reply).writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>');
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    const expected = Object.fromEntries(securityHeaders(OPTIONS).map(([name, value]) => [name.toLowerCase(), value]));
    try {
      for (const url of ['/json', '/raw', '/boom', '/missing']) {
        const res = await app.inject({ method: 'GET', url });
        expect({ url, headers: securityOnly(res.headers) }).toEqual({ url, headers: expect.objectContaining(expected) });
      }
    } finally {
      await app.close();
    }
  });

  it('refuses options helmet refuses, at start-up', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow(/self/);
  });
});
