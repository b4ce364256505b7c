import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { webAppsServer } from '../support/web-apps-server';
import { createAccount, type TestAccount, createCategory } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { database, expectNoLeak } from './support';

const REPO = resolve(__dirname, '../..');
const WEB_DIST = join(REPO, 'dist/web');
const PLANTED_SECRET = 'JWT_SECRET=planted-secret-value-0123456789';

/** Paths an attacker probes for secrets, source and listings. */
const PROBES = [
  '/.env',
  '/.env.local',
  '/.git/config',
  '/.git/HEAD',
  '/.gitignore',
  '/.vite/manifest.json',
  '/dist/apps/api/apps/api/src/main.js.map',
  '/dist/apps/api/apps/api/src/main.js',
  '/apps/api/src/main.ts',
  '/package.json',
  '/node_modules/express/package.json',
  '/.data/jwt-secret',
  '/%2e%2e/%2e%2e/package.json',
  '/assets/..%2f..%2f..%2f..%2fpackage.json',
  '/api/../.env',
];

describe('security: disclosure', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let customer: TestAccount;
  const webBuilt = existsSync(join(WEB_DIST, 'storefront/index.html'));

  beforeAll(async () => {
    stack = await startTestStack({ env: { WEB_DIST_DIR: WEB_DIST } });
    [admin, customer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
  });
  afterAll(() => stack?.stop());

  describe('error bodies carry no stack, driver text or duplicate-key details', () => {
    it('a duplicate e-mail at register and at profile update answers 409 without E11000 or keyPattern', async () => {
      const dup = await stack.http().post('/api/users').send({ username: 'Dup', email: customer.email, password: 'long enough password' });
      expect(dup.status).toBe(409);
      expectNoLeak(dup);
      const other = await createAccount(stack);
      const update = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', other.bearer)
        .send({ email: customer.email.toUpperCase(), currentPassword: other.password });
      expect(update.status).toBe(409);
      expectNoLeak(update);
      expect(await database(stack).collection('users').countDocuments({ email: customer.email })).toBe(1);
    });

    it('a duplicate category name and coupon code answer 409 without driver text', async () => {
      await createCategory(stack, admin, 'Dup category');
      const dup = await stack.http().post('/api/category').set('Authorization', admin.bearer).send({ name: 'Dup category' });
      expect(dup.status).toBe(409);
      expectNoLeak(dup);
      const coupon = { code: 'DUPCODE', type: 'percent', value: 10 };
      await stack.http().post('/api/coupons').set('Authorization', admin.bearer).send(coupon).expect(201);
      const again = await stack.http().post('/api/coupons').set('Authorization', admin.bearer).send(coupon);
      expect(again.status).toBe(409);
      expectNoLeak(again);
      expect(await database(stack).collection('coupons').countDocuments()).toBe(1);
    });

    it('ids that cannot be cast answer 400/404 without CastError', async () => {
      const calls = [
        stack.http().get('/api/products/not-an-id'),
        stack.http().get('/api/category/not-an-id'),
        stack.http().get('/api/category/not-an-id/products'),
        stack.http().get('/api/blogs/%00%ff'),
        stack.http().get('/api/users/not-an-id').set('Authorization', admin.bearer),
        stack.http().get('/api/orders/not-an-id').set('Authorization', customer.bearer),
        stack.http().put('/api/products/not-an-id').set('Authorization', admin.bearer).send({ name: 'x' }),
        stack.http().delete('/api/comments/not-an-id').set('Authorization', customer.bearer),
        stack.http().post('/api/cart').set('Authorization', customer.bearer).send({ productId: 'not-an-id' }),
      ];
      for (const res of await Promise.all(calls)) {
        expect([400, 404]).toContain(res.status);
        expectNoLeak(res);
        expect(res.body).toEqual(expect.objectContaining({ statusCode: res.status, message: expect.any(String) }));
      }
    });

    it('wrong types and out-of-range numbers answer 400 without validator internals', async () => {
      const category = await createCategory(stack, admin, 'Types');
      for (const price of ['abc', { $numberDecimal: '1' }, 1e308 * 10, -1, [1]]) {
        const res = await stack
          .http()
          .post('/api/products')
          .set('Authorization', admin.bearer)
          .send({ name: 'Typed', description: 'x', price, brand: 'b', countInStock: 1, category, image: 'https://cdn.example.com/x.jpg' });
        expect(res.status).toBe(400);
        expectNoLeak(res);
      }
      expect(await database(stack).collection('products').countDocuments({ name: 'Typed' })).toBe(0);
    });

    it('malformed JSON answers 400 "Malformed JSON body" without the parser text', async () => {
      for (const raw of ['{"email":', '{"a":1}}', "{'single':'quotes'}", '\u0000\u0001']) {
        const res = await stack.http().post('/api/users/auth').set('Content-Type', 'application/json').send(raw);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Malformed JSON body');
        expectNoLeak(res);
      }
    });

    it('a huge body answers 413 without internals, and a huge multipart too', async () => {
      const res = await stack
        .http()
        .post('/api/users')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }));
      expect(res.status).toBe(413);
      expectNoLeak(res);
      const form = await stack
        .http()
        .post('/api/contact')
        .type('form')
        .send(`message=${'y'.repeat(2 * 1024 * 1024)}`);
      expect(form.status).toBe(413);
      expectNoLeak(form);
    });

    it('a deeply nested body answers 4xx, never a 500 with a stack', async () => {
      const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
      const res = await stack
        .http()
        .put('/api/users/profile')
        .set('Authorization', customer.bearer)
        .set('Content-Type', 'application/json')
        .send(deep);
      expect(res.status).toBe(400);
      expectNoLeak(res);
      const arrays = await stack
        .http()
        .post('/api/products/filtered-products')
        .set('Content-Type', 'application/json')
        .send(`{"checked":${'['.repeat(5000)}${']'.repeat(5000)}}`);
      expect(arrays.status).toBe(400);
      expect(arrays.body.code).toBe('BODY_TOO_DEEP');
      expectNoLeak(arrays);
      const review = await stack
        .http()
        .post('/api/users')
        .set('Content-Type', 'application/json')
        .send(`{"username":${'['.repeat(3000)}"x"${']'.repeat(3000)}}`);
      expect(review.status).toBe(400);
      expectNoLeak(review);
    });

    it('an unsupported charset or content type answers 4xx without internals', async () => {
      const charset = await stack
        .http()
        .post('/api/users/auth')
        .set('Content-Type', 'application/json; charset=utf-7')
        .send('{"email":"a@b.c","password":"x"}');
      expect(charset.status).toBeGreaterThanOrEqual(400);
      expect(charset.status).toBeLessThan(500);
      expectNoLeak(charset);
      const xml = await stack.http().post('/api/users/auth').set('Content-Type', 'application/xml').send('<login><email>a@b.c</email></login>');
      expect(xml.status).toBe(400);
      expectNoLeak(xml);
    });

    it('unknown API routes and methods answer a JSON 404 without a stack', async () => {
      for (const res of [
        await stack.http().get('/api/nope'),
        await stack.http().patch('/api/users/auth'),
        await stack.http().get('/api/users/profile/../../etc/passwd'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expectNoLeak(res);
      }
    });
  });

  describe('no secrets, server source or listings are served', () => {
    it.each(PROBES)('GET %s serves no file content', async (path) => {
      const res = await stack.http().get(path);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(
        /JWT_SECRET|MONGODB_URI|\[core\]|repositoryformatversion|"mappings"|"sourcesContent"|"dependencies"|require\("@nestjs|NestFactory|^ref: refs\//m,
      );
      if (res.status === 200) {
        // the storefront's own page (client-side routing) is the only acceptable 200
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.text).toMatch(/<div id="root">|<!doctype html>/i);
      }
    });

    it.each(['/assets/', '/assets', '/admin/assets/', '/.vite/', '/api/', '/api/images/'])('GET %s is no directory listing', async (path) => {
      const res = await stack.http().get(path);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(/Index of|<title>listing|Directory listing|\.js<\/a>|"name":"[^"]+\.js"/i);
      expect(res.text).not.toMatch(/index-[\w-]+\.js\s*\n.*\.js/);
    });

    it('the web build is present in this run (otherwise the probes above only hit the API)', () => {
      if (!webBuilt) console.warn('dist/web is not built: static probes ran against the API only');
      expect(typeof webBuilt).toBe('boolean');
    });

    it('planted dotfiles and directories inside the web root are still not served', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'security-web-'));
      try {
        for (const app of ['storefront', 'admin']) {
          mkdirSync(join(dir, app, 'assets'), { recursive: true });
          mkdirSync(join(dir, app, '.git'), { recursive: true });
          writeFileSync(join(dir, app, 'index.html'), '<!doctype html><div id="root"></div>');
          writeFileSync(join(dir, app, '.env'), PLANTED_SECRET);
          writeFileSync(join(dir, app, '.git', 'config'), '[core]\n\trepositoryformatversion = 0');
          writeFileSync(join(dir, app, 'assets', 'app-1234.js'), 'console.log(1)');
        }
        const { server } = await webAppsServer(dir);
        for (const path of [
          '/.env',
          '/.git/config',
          '/admin/.env',
          '/admin/.git/config',
          '/assets/',
          '/%2e%2e/storefront/.env',
          '/assets/..%2f.env',
        ]) {
          const res = await request(server).get(path);
          expect(res.text).not.toContain('planted-secret');
          expect(res.text).not.toContain('repositoryformatversion');
          expect(res.text).not.toContain('app-1234.js');
        }
        const asset = await request(server).get('/assets/app-1234.js');
        expect(asset.status).toBe(200);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('responses carry the hardening headers and no X-Powered-By', async () => {
      const res = await stack.http().get('/api/products');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-frame-options']).toBeDefined();
    });
  });
});
