import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Server } from 'node:http';
import { webAppsServer } from '../../../../test/support/web-apps-server';
import { registerSecurityHeaders } from '../http/security-headers';

describe('webApps', () => {
  const dir = mkdtempSync(join(tmpdir(), 'web-apps-'));
  let server: Server;

  beforeAll(async () => {
    for (const app of ['storefront', 'admin']) {
      mkdirSync(join(dir, app, 'assets'), { recursive: true });
      writeFileSync(join(dir, app, 'index.html'), `<!doctype html><div id="root">${app}</div>`);
      writeFileSync(join(dir, app, 'assets', 'index-abc.js'), 'console.log(1)');
    }
    mkdirSync(join(dir, 'storefront', 'prerendered'));
    writeFileSync(
      join(dir, 'storefront', 'prerendered', 'shop.html'),
      `<!doctype html><div id="root"><main>prerendered shop${' with products'.repeat(200)}</main></div>`,
    );
    writeFileSync(
      join(dir, 'storefront', 'prerendered', 'shop.light.html'),
      `<!doctype html><div id="root"><main>light shop${' with products'.repeat(200)}</main></div>`,
    );
    writeFileSync(join(dir, 'storefront', 'prerendered', 'product.html'), '<!doctype html><div id="root">prerendered product</div>');
    writeFileSync(
      join(dir, 'storefront', 'prerendered', 'pages.json'),
      JSON.stringify({
        '/shop': 'prerendered/shop.html',
        '/product/:id': 'prerendered/product.html',
        '/missing': 'prerendered/missing.html',
        '/evil': '../../etc/passwd',
      }),
    );
    ({ server } = await webAppsServer(dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends the headers the hooks set (security headers, request id) with the pages and files it writes itself', async () => {
    const hooked = await webAppsServer(dir, {
      configure: (fastify) => {
        registerSecurityHeaders(fastify, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
        fastify.addHook('onRequest', (_req, reply, done) => {
          reply.header('X-Request-Id', 'test-id');
          done();
        });
      },
    });
    try {
      for (const url of ['/', '/shop', '/admin/products', '/assets/index-abc.js']) {
        const res = await request(hooked.server).get(url).expect(200);
        expect({ url, csp: res.headers['content-security-policy'], frame: res.headers['x-frame-options'], id: res.headers['x-request-id'] }).toEqual({
          url,
          csp: expect.stringContaining("default-src 'self'"),
          frame: 'SAMEORIGIN',
          id: 'test-id',
        });
      }
    } finally {
      await hooked.close();
    }
  });

  it('serves client-side routes of each app from its index.html, revalidated', async () => {
    const shop = await request(server).get('/Shop/search/t.shirt').expect(200);
    expect(shop.text).toContain('storefront');
    expect(shop.headers['cache-control']).toBe('no-cache');
    const admin = await request(server).get('/admin/product/update/123').expect(200);
    expect(admin.text).toContain('admin');
  });

  it('answers a route the storefront prerendered with its page, any other with index.html', async () => {
    expect((await request(server).get('/shop').expect(200)).text).toContain('prerendered shop');
    expect((await request(server).get('/product/123').expect(200)).text).toContain('prerendered product');
    expect((await request(server).get('/product/123/reviews').expect(200)).text).toContain('<div id="root">storefront</div>');
    expect((await request(server).get('/missing').expect(200)).text).toContain('<div id="root">storefront</div>');
    expect((await request(server).get('/evil').expect(200)).text).toContain('<div id="root">storefront</div>');
  });

  it("answers in the darkMode cookie's mode: the light twin for darkMode=false, the dark page otherwise, each with its own ETag", async () => {
    const light = await request(server).get('/shop').set('Cookie', 'jwt=x; darkMode=false').expect(200);
    expect(light.text).toContain('light shop');
    expect(light.headers.vary).toContain('Cookie');
    const dark = await request(server).get('/shop').set('Cookie', 'darkMode=true').expect(200);
    expect(dark.text).toContain('prerendered shop');
    expect((await request(server).get('/shop').expect(200)).text).toContain('prerendered shop');
    expect(light.headers.etag).not.toBe(dark.headers.etag);
    await request(server).get('/shop').set('Cookie', 'darkMode=true').set('If-None-Match', light.headers.etag).expect(200);
    // A page without a light twin is sent as it is.
    expect((await request(server).get('/product/1').set('Cookie', 'darkMode=false').expect(200)).text).toContain('prerendered product');
  });

  it("answers every path no route takes with the '*' page and status 404 when the app prerendered one", async () => {
    const other = mkdtempSync(join(tmpdir(), 'web-apps-'));
    mkdirSync(join(other, 'storefront', 'prerendered'), { recursive: true });
    writeFileSync(join(other, 'storefront', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(other, 'storefront', 'prerendered', 'faq.html'), '<!doctype html><h1>FAQ</h1>');
    writeFileSync(join(other, 'storefront', 'prerendered', 'not-found.html'), '<!doctype html><h1>Page Under Construction</h1>');
    writeFileSync(
      join(other, 'storefront', 'prerendered', 'pages.json'),
      JSON.stringify({ '/faq': 'prerendered/faq.html', '*': 'prerendered/not-found.html' }),
    );
    const app = await webAppsServer(other);
    try {
      // Routes match in any case, as the storefront's router matches them.
      for (const path of ['/faq', '/FAQ']) expect((await request(app.server).get(path).expect(200)).text).toContain('FAQ');
      for (const path of ['/no/such/page', '/faq/more', '/fa']) {
        // The page, with the status that says the address is nothing, and kept out of search engines.
        const missing = await request(app.server).get(path).expect(404);
        expect(missing.text).toContain('Page Under Construction');
        expect(missing.headers['content-type']).toContain('text/html');
        expect(missing.headers['x-robots-tag']).toBe('noindex');
        await request(app.server).get(path).set('If-None-Match', missing.headers.etag).expect(404);
      }
      expect((await request(app.server).get('/faq').expect(200)).headers['x-robots-tag']).toBeUndefined();
      await request(app.server).get('/missing.js').expect(404);
    } finally {
      await app.close();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('sends pages compressed when the client takes it, and revalidates them with an ETag', async () => {
    const page = await request(server).get('/shop').set('Accept-Encoding', 'gzip').expect(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('prerendered shop');
    await request(server).get('/shop').set('Accept-Encoding', 'gzip').set('If-None-Match', page.headers.etag).expect(304);
  });

  it('caches hashed assets for a year', async () => {
    const asset = await request(server).get('/assets/index-abc.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it.each(['/.env', '/.git/config', '/admin/.env', '/missing.js', '/app.js.map', '/package.json'])(
    'does not answer %s with the page',
    async (path) => {
      const res = await request(server).get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('id="root"');
    },
  );

  it('leaves /api to the API', async () => {
    await request(server).get('/api/anything').expect(404);
  });
});
