import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ResponseCache } from '../catalog-cache/response-cache';
import { darkModeOf } from './server-rendered-pages';
import type { Server } from 'node:http';
import { webAppsServer } from '../../../../test/support/web-apps-server';

describe('server-rendered storefront pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'web-ssr-'));
  let server: Server;

  beforeAll(async () => {
    mkdirSync(join(dir, 'storefront', 'prerendered'), { recursive: true });
    writeFileSync(join(dir, 'storefront', 'index.html'), '<!doctype html><div id="root">index</div>');
    writeFileSync(join(dir, 'storefront', 'prerendered', 'shop.html'), '<!doctype html><div id="root">prerendered shop</div>');
    writeFileSync(
      join(dir, 'storefront', 'prerendered', 'pages.json'),
      JSON.stringify({ '/shop': 'prerendered/shop.html', '/product/:id': 'prerendered/shop.html' }),
    );
    mkdirSync(join(dir, 'storefront-ssr'));
    writeFileSync(join(dir, 'storefront-ssr', 'shop.html'), 'TEMPLATE');
    writeFileSync(
      join(dir, 'storefront-ssr', 'pages.json'),
      JSON.stringify({ '/shop': 'shop.html', '/product/:id': 'shop.html', '/evil': '../../etc/passwd' }),
    );
    // A renderer that echoes what it was given, and fails for one product.
    writeFileSync(
      join(dir, 'storefront-ssr', 'server-render.cjs'),
      `exports.renderPage = async (template, o) => {
        if (o.url.includes('broken')) throw new Error('no answer');
        if (o.url.includes('missing')) return { html: template + ' not found ' + o.url, status: 404 };
        return template + ' rendered ' + o.url + ' dark=' + o.darkMode + ' origin=' + o.origin + ' within=' + o.timeoutMs;
      };`,
    );
    ({ server } = await webAppsServer(dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('renders its routes at request time with the path, query, mode cookie and the own address', async () => {
    const page = await request(server).get('/shop?page=2').expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toMatch(/^TEMPLATE rendered \/shop\?page=2 dark=true origin=http:\/\/(127\.0\.0\.1|\[::1\]):\d+ within=\d+$/);
    const light = await request(server).get('/product/abc').set('Cookie', 'other=1; darkMode=false').expect(200);
    expect(light.text).toContain('rendered /product/abc dark=false');
    const gzip = await request(server).get('/shop').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toContain('rendered /shop');
  });

  it("answers 404 (the rendered page, noindex, never a 304) when the page's record does not exist", async () => {
    const missing = await request(server).get('/product/missing').expect(404);
    expect(missing.text).toBe('TEMPLATE not found /product/missing');
    expect(missing.headers['x-robots-tag']).toBe('noindex');
    await request(server).get('/product/missing').set('If-None-Match', missing.headers.etag).expect(404);
    expect((await request(server).get('/product/abc').expect(200)).headers['x-robots-tag']).toBeUndefined();
  });

  it('sends the prerendered page when the render fails, index.html for other routes', async () => {
    expect((await request(server).get('/product/broken').expect(200)).text).toContain('prerendered shop');
    expect((await request(server).head('/shop').expect(200)).headers['content-type']).toContain('text/html');
    expect((await request(server).get('/cart').expect(200)).text).toContain('index');
    expect((await request(server).get('/evil').expect(200)).text).toContain('index');
  });

  it('reads the mode from the darkMode cookie, dark without it', () => {
    expect(darkModeOf(undefined)).toBe(true);
    expect(darkModeOf('darkMode=false')).toBe(false);
    expect(darkModeOf('a=b; darkMode=true; c=d')).toBe(true);
    expect(darkModeOf('xdarkMode=false')).toBe(true);
  });

  describe('with a page cache', () => {
    const cachedDir = mkdtempSync(join(tmpdir(), 'web-ssr-cache-'));
    let cachedServer: Server;
    /** The page cache, telling the test when a visit has looked its page up (then it starts or joins a render). */
    class WatchedCache extends ResponseCache {
      lookups = 0;
      private waiters: Array<{ count: number; resolve: () => void }> = [];
      override lookup(key: string) {
        this.lookups += 1;
        for (const waiter of this.waiters.filter((w) => this.lookups >= w.count)) waiter.resolve();
        this.waiters = this.waiters.filter((w) => this.lookups < w.count);
        return super.lookup(key);
      }
      /** Resolves once `more` further visits have looked their page up. */
      looked(more: number): Promise<void> {
        const count = this.lookups + more;
        return new Promise((resolve) => this.waiters.push({ count, resolve }));
      }
    }
    const pages = new WatchedCache(60_000, 300);
    /** The fake renderer's module (the server requires the same one): it counts its renders, and waits at its gate. */
    const renderer = () =>
      createRequire(__filename)(join(cachedDir, 'storefront-ssr', 'server-render.cjs')) as {
        count: number;
        gate?: Promise<void>;
        started?: () => void;
      };
    const renders = () => renderer().count;
    /** Holds the renders that start from now on until release(); started resolves when the first of them starts. */
    const holdRenders = () => {
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const started = new Promise<void>((resolve) => (renderer().started = resolve));
      renderer().gate = gate;
      return {
        started,
        release: () => {
          renderer().gate = undefined;
          renderer().started = undefined;
          release();
        },
      };
    };

    beforeAll(async () => {
      mkdirSync(join(cachedDir, 'storefront'), { recursive: true });
      writeFileSync(join(cachedDir, 'storefront', 'index.html'), '<!doctype html><div id="root">index</div>');
      mkdirSync(join(cachedDir, 'storefront-ssr'));
      writeFileSync(join(cachedDir, 'storefront-ssr', 'shop.html'), 'TEMPLATE');
      writeFileSync(join(cachedDir, 'storefront-ssr', 'pages.json'), JSON.stringify({ '/shop': 'shop.html' }));
      // A renderer that numbers its renders and, while the test holds it, waits at a gate the test opens.
      writeFileSync(
        join(cachedDir, 'storefront-ssr', 'server-render.cjs'),
        `exports.count = 0;
        exports.renderPage = async (template, o) => {
          exports.count += 1;
          const n = exports.count;
          if (exports.started) exports.started();
          await exports.gate;
          return template + ' render ' + n + ' of ' + o.url + ' dark=' + o.darkMode;
        };`,
      );
      ({ server: cachedServer } = await webAppsServer(cachedDir, { pages }));
    });
    afterAll(() => rmSync(cachedDir, { recursive: true, force: true }));

    it('renders a page once for many visits, per address and mode, until the catalog changes', async () => {
      const first = await request(cachedServer).get('/shop?sort=new').expect(200);
      expect(first.text).toBe('TEMPLATE render 1 of /shop?sort=new dark=true');
      expect((await request(cachedServer).get('/shop?sort=new').expect(200)).text).toBe(first.text);
      const gzip = await request(cachedServer).get('/shop?sort=new').set('Accept-Encoding', 'gzip').expect(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.text).toBe(first.text);
      expect(renders()).toBe(1);
      // Another mode and another address are other pages.
      expect((await request(cachedServer).get('/shop?sort=new').set('Cookie', 'darkMode=false').expect(200)).text).toBe(
        'TEMPLATE render 2 of /shop?sort=new dark=false',
      );
      expect((await request(cachedServer).get('/shop').expect(200)).text).toBe('TEMPLATE render 3 of /shop dark=true');
      // A catalog write empties the cache: the next visit renders again.
      pages.invalidate();
      expect((await request(cachedServer).get('/shop?sort=new').expect(200)).text).toBe('TEMPLATE render 4 of /shop?sort=new dark=true');
    });

    it('lets visits that come during a render share it', async () => {
      pages.invalidate();
      const before = renders();
      const held = holdRenders();
      const allIn = pages.looked(5);
      const answers = Promise.all(Array.from({ length: 5 }, () => request(cachedServer).get('/shop?page=3').expect(200)));
      // All five visits have come in while the first one's render is still held: one render between them.
      await allIn;
      expect(renders()).toBe(before + 1);
      held.release();
      expect(new Set((await answers).map((a) => a.text)).size).toBe(1);
      expect(renders()).toBe(before + 1);
    });

    it('does not keep a page rendered while the catalog changed', async () => {
      pages.invalidate();
      const before = renders();
      const held = holdRenders();
      const slow = request(cachedServer)
        .get('/shop?page=4')
        .then((answer) => answer);
      // The write lands while the page renders: once its render has started, and before it ends.
      await held.started;
      expect(renders()).toBe(before + 1);
      pages.invalidate();
      held.release();
      const during = await slow;
      expect(during.status).toBe(200);
      const after = await request(cachedServer).get('/shop?page=4').expect(200);
      expect(after.text).not.toBe(during.text);
    });

    it('answers 304 to a visitor who has the page (ETag per encoding)', async () => {
      const page = await request(cachedServer).get('/shop?page=5').expect(200);
      expect(page.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      await request(cachedServer)
        .get('/shop?page=5')
        .set('If-None-Match', page.headers.etag as string)
        .expect(304);
      const brotli = await request(cachedServer).get('/shop?page=5').set('Accept-Encoding', 'br').expect(200);
      expect(brotli.headers.etag).not.toBe(page.headers.etag);
      await request(cachedServer)
        .get('/shop?page=5')
        .set('Accept-Encoding', 'br')
        .set('If-None-Match', brotli.headers.etag as string)
        .expect(304);
      // A new render (the catalog changed) has a new tag: the old one gets the whole page.
      pages.invalidate();
      expect(
        (
          await request(cachedServer)
            .get('/shop?page=5')
            .set('If-None-Match', page.headers.etag as string)
            .expect(200)
        ).text,
      ).toContain('of /shop?page=5');
    });
  });
});
