import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { darkModeOf } from './server-rendered-pages';
import { mountWebApps } from './web-apps';

describe('server-rendered storefront pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'web-ssr-'));
  const server = express();

  beforeAll(() => {
    mkdirSync(join(dir, 'storefront', 'prerendered'), { recursive: true });
    writeFileSync(join(dir, 'storefront', 'index.html'), '<!doctype html><div id="root">index</div>');
    writeFileSync(join(dir, 'storefront', 'prerendered', 'shop.html'), '<!doctype html><div id="root">prerendered shop</div>');
    writeFileSync(join(dir, 'storefront', 'prerendered', 'pages.json'), JSON.stringify({ '/shop': 'prerendered/shop.html', '/product/:id': 'prerendered/shop.html' }));
    mkdirSync(join(dir, 'storefront-ssr'));
    writeFileSync(join(dir, 'storefront-ssr', 'shop.html'), 'TEMPLATE');
    writeFileSync(join(dir, 'storefront-ssr', 'pages.json'), JSON.stringify({ '/shop': 'shop.html', '/product/:id': 'shop.html', '/evil': '../../etc/passwd' }));
    // A renderer that echoes what it was given, and fails for one product.
    writeFileSync(
      join(dir, 'storefront-ssr', 'server-render.cjs'),
      `exports.renderPage = async (template, o) => {
        if (o.url.includes('broken')) throw new Error('no answer');
        return template + ' rendered ' + o.url + ' dark=' + o.darkMode + ' origin=' + o.origin + ' within=' + o.timeoutMs;
      };`,
    );
    mountWebApps(server, dir);
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
});
