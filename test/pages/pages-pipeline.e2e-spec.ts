import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { insertProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * The web apps' pages through Nest's pipeline (PagesController): the 'pages' rate limit, the page cache keyed on
 * what a page reads, 404s with the page, the exception filter's error page, and the renderer's data read in
 * process. The storefront here is a small build of its own: a renderer that records its renders and reads its
 * product through the `fetch` it is given (the real API and engine answer), and prerendered pages.
 */
describe('pages through Nest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pages-pipeline-'));
  const rendererFile = join(dir, 'storefront-ssr', 'server-render.cjs');
  /** The renderer module the API loaded (the same instance: Node's module cache). */
  const renderer = () => createRequire(__filename)(rendererFile) as { renders: string[]; origins: string[] };
  const rendersOf = (page: string) => renderer().renders.filter((r) => r.startsWith(`${page} `));
  let stack: TestStack;
  /** A client of its own (its own X-Forwarded-For address: TRUST_PROXY_HOPS=1), so each test has its own bucket. */
  const client = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
  const PAGE_LIMIT = 100;

  beforeAll(async () => {
    const storefront = join(dir, 'storefront');
    mkdirSync(join(storefront, 'prerendered'), { recursive: true });
    mkdirSync(join(storefront, 'assets'));
    writeFileSync(join(storefront, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(storefront, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(join(storefront, 'prerendered', 'shop.html'), '<!doctype html><h1>prerendered shop</h1>');
    writeFileSync(join(storefront, 'prerendered', 'product.html'), '<!doctype html><h1>prerendered product</h1>');
    writeFileSync(join(storefront, 'prerendered', 'not-found.html'), '<!doctype html><h1>Page Under Construction</h1>');
    writeFileSync(join(storefront, 'prerendered', 'not-found.light.html'), '<!doctype html><h1>Page Under Construction (light)</h1>');
    // A page whose file cannot be read (a folder where the build should have written it): the handler throws.
    mkdirSync(join(storefront, 'prerendered', 'broken.html'));
    writeFileSync(
      join(storefront, 'prerendered', 'pages.json'),
      JSON.stringify({
        '/shop': 'prerendered/shop.html',
        '/product/:id': 'prerendered/product.html',
        '/broken': 'prerendered/broken.html',
        '*': 'prerendered/not-found.html',
      }),
    );
    mkdirSync(join(dir, 'admin'));
    writeFileSync(join(dir, 'admin', 'index.html'), '<!doctype html><div id="root">console</div>');
    const ssr = join(dir, 'storefront-ssr');
    mkdirSync(ssr);
    writeFileSync(join(ssr, 'shop.html'), 'SHOP');
    writeFileSync(join(ssr, 'product.html'), 'PRODUCT');
    writeFileSync(join(ssr, 'pages.json'), JSON.stringify({ '/shop': 'shop.html', '/product/:id': 'product.html' }));
    writeFileSync(join(ssr, 'query.json'), JSON.stringify({ 'shop.html': ['page', 'sort', 'search'], 'product.html': [] }));
    writeFileSync(
      rendererFile,
      `exports.renders = [];
      exports.origins = [];
      exports.renderPage = async (template, o) => {
        exports.renders.push(o.url.split('?')[0] + ' ' + (o.darkMode ? 'dark' : 'light') + ' ' + o.url);
        exports.origins.push(o.origin);
        const product = /^\\/product\\/([^/?]+)/.exec(o.url);
        if (!product) return template + ' ' + o.url;
        const answer = await o.fetch(o.origin + '/api/products/' + product[1], { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
        if (answer.status === 404) return { html: template + ' not found', status: 404 };
        const body = await answer.json();
        return template + ' ' + body.name;
      };`,
    );
    stack = await startTestStack({
      env: { WEB_DIST_DIR: dir, TRUST_PROXY_HOPS: '1', PAGE_RATE_LIMIT: String(PAGE_LIMIT), RATE_LIMIT_DEFAULT: '20' },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders a page at most once per page and mode for 100 requests with random query strings, then answers 429 with the error page', async () => {
    const product = await insertProduct(stack, { name: 'Pipeline Tee' });
    const visitor = client();
    const before = { shop: rendersOf('/shop').length, product: rendersOf(`/product/${product.id}`).length };
    const answers = [];
    for (let i = 0; i < PAGE_LIMIT; i += 1) {
      const junk = randomBytes(6).toString('hex');
      const url = i % 2 === 0 ? `/shop?x=${junk}&utm_source=${junk}` : `/product/${product.id}?q=${junk}`;
      const mode = i % 4 < 2 ? 'darkMode=true' : 'darkMode=false';
      answers.push(await stack.http().get(url).set('X-Forwarded-For', visitor).set('Cookie', mode));
    }
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: PAGE_LIMIT }, () => 200));
    expect(answers[1]?.text).toBe('PRODUCT Pipeline Tee');
    // One render per page and mode: the unknown parameters neither cause a render nor make another copy.
    expect(rendersOf('/shop').length - before.shop).toBe(2);
    expect(rendersOf(`/product/${product.id}`).length - before.product).toBe(2);
    expect(rendersOf('/shop').slice(-2)).toEqual(['/shop dark /shop', '/shop light /shop']);

    // Past the page limit: 429, the shop's error page (HTML, not JSON), with when to try again.
    const limited = await stack
      .http()
      .get(`/shop?x=${randomBytes(6).toString('hex')}`)
      .set('X-Forwarded-For', visitor)
      .set('Accept', 'text/html');
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.text).toContain('Too many requests');
    expect(limited.headers['retry-after-pages']).toBeDefined();
    // Another client is still served, and the product's data read by 50 renders' worth of requests never counted
    // against 127.0.0.1's API bucket (RATE_LIMIT_DEFAULT=20): the renderer's requests are made in process.
    await stack.http().get('/shop').set('X-Forwarded-For', client()).expect(200);
    expect(renderer().origins.every((origin) => !/127\.0\.0\.1|localhost|\[::1\]/.test(origin))).toBe(true);
    const api = await stack.http().get('/api/products/top').expect(200);
    expect(Number(api.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
  });

  it('keeps the parameters a page reads: each set of them is its own page, in any order', async () => {
    const visitor = client();
    const before = rendersOf('/shop').length;
    const a = await stack.http().get('/shop?sort=price_asc&page=2&x=1').set('X-Forwarded-For', visitor).expect(200);
    expect(a.text).toBe('SHOP /shop?page=2&sort=price_asc');
    await stack.http().get('/shop?page=2&y=2&sort=price_asc').set('X-Forwarded-For', visitor).expect(200);
    await stack.http().get('/shop?page=3').set('X-Forwarded-For', visitor).expect(200);
    expect(rendersOf('/shop').length - before).toBe(2);
  });

  it('answers an unknown product with its page and 404, an unknown route with the not-found page and 404, /api with JSON', async () => {
    const visitor = client();
    const missing = await stack.http().get('/product/0123456789abcdef01234567').set('X-Forwarded-For', visitor).expect(404);
    expect(missing.text).toBe('PRODUCT not found');
    expect(missing.headers['content-type']).toContain('text/html');
    for (const path of ['/no/such/page', '/shop/x/y/z']) {
      const page = await stack.http().get(path).set('X-Forwarded-For', visitor).expect(404);
      expect(page.text).toContain('Page Under Construction');
      expect(page.headers['content-type']).toContain('text/html');
    }
    expect((await stack.http().get('/no/such/page').set('X-Forwarded-For', visitor).set('Cookie', 'darkMode=false').expect(404)).text).toContain(
      '(light)',
    );
    const api = await stack.http().get('/api/no-such-route').set('X-Forwarded-For', visitor).expect(404);
    expect(api.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/no-such-route', code: 'NOT_FOUND' });
    // A file the apps do not have is no page: the API's JSON 404.
    expect((await stack.http().get('/missing.js').set('X-Forwarded-For', visitor).expect(404)).body).toMatchObject({ code: 'NOT_FOUND' });
    // The console's routes are its app; its files too.
    expect((await stack.http().get('/admin/products').set('X-Forwarded-For', visitor).expect(200)).text).toContain('console');
    expect((await stack.http().get('/assets/app-1.js').set('X-Forwarded-For', visitor).expect(200)).text).toContain('console.log');
  });

  it('answers a page request that throws with the shop error page through the exception filter, no stack or JSON', async () => {
    const broken = await stack.http().get('/broken').set('X-Forwarded-For', client()).set('Accept', 'text/html');
    expect(broken.status).toBe(500);
    expect(broken.headers['content-type']).toContain('text/html');
    expect(broken.text).toContain('Something went wrong');
    expect(broken.text).toContain('Back to the shop');
    expect(broken.text).not.toMatch(/EISDIR|at |\.ts:|"statusCode"/);
    expect(broken.text).toContain(broken.headers['x-request-id'] as string);
    const head = await stack.http().head('/broken').set('X-Forwarded-For', client());
    expect(head.status).toBe(500);
  });
});
