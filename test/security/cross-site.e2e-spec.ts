import { randomBytes } from 'node:crypto';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { database, profileOf } from './support';

const SCRIPT = '<script>alert(document.cookie)</script>';
const HANDLER = '<img src=x onerror="alert(1)">';
const ALLOWED_ORIGIN = 'https://console.threadline.test';

describe('security: cross-site', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let annCookie: string;
  let category: string;
  let blog: string;

  beforeAll(async () => {
    stack = await startTestStack({ env: { CORS_ORIGINS: ALLOWED_ORIGIN } });
    [admin, ann] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
    const login = await stack.http().post('/api/users/auth').send({ email: ann.email, password: ann.password }).expect(200);
    annCookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('jwt='))!.split(';')[0];
    category = await createCategory(stack, admin, 'Cross');
    blog = (
      await stack
        .http()
        .post('/api/blogs')
        .set('Authorization', admin.bearer)
        .send({ title: 'Cross-site post', body: 'Hi', published: true })
        .expect(201)
    ).body.id;
  });
  afterAll(() => stack?.stop());

  const commentsOn = async (id: string) => (await stack.http().get('/api/comments').query({ blog: id }).expect(200)).body as { text: string }[];

  describe('XSS: markup is stored and answered as text', () => {
    it('a review holding script and event-handler markup comes back verbatim as JSON text', async () => {
      const product = await createProduct(stack, admin, category, { name: 'XSS tee' });
      const comment = `${SCRIPT} ${HANDLER}`;
      const res = await stack.http().post(`/api/products/${product._id}/reviews`).set('Authorization', ann.bearer).send({ rating: 4, comment });
      expect(res.status).toBe(201);
      const read = await stack.http().get(`/api/products/${product._id}`).expect(200);
      expect(read.headers['content-type']).toMatch(/^application\/json/);
      expect(read.headers['x-content-type-options']).toBe('nosniff');
      expect(read.body.reviews[0].comment).toBe(comment);
    });

    it('a comment holding markup comes back verbatim as JSON text', async () => {
      const text = `${HANDLER}<svg onload=alert(1)>`;
      await stack.http().post('/api/comments').set('Authorization', ann.bearer).send({ blog, text }).expect(201);
      const list = await stack.http().get('/api/comments').query({ blog });
      expect(list.headers['content-type']).toMatch(/^application\/json/);
      expect(list.body.map((c: { text: string }) => c.text)).toContain(text);
    });

    it('a username holding markup is kept as text in the profile, the admin list and the reviews it writes', async () => {
      const username = `<img src=x onerror=alert(1)>${randomBytes(2).toString('hex')}`;
      const mallory = await createAccount(stack, 'customer', { username });
      expect((await profileOf(stack, mallory)).username).toBe(username);
      const list = await stack
        .http()
        .get('/api/users')
        .query({ filter: JSON.stringify({ q: 'onerror' }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(list.body.map((u: { username: string }) => u.username)).toContain(username);
      const product = await createProduct(stack, admin, category, { name: 'Named review' });
      await stack
        .http()
        .post(`/api/products/${product._id}/reviews`)
        .set('Authorization', mallory.bearer)
        .send({ rating: 3, comment: 'ok' })
        .expect(201);
      expect((await stack.http().get(`/api/products/${product._id}`)).body.reviews[0].name).toBe(username);
    });

    it('blog Markdown with raw HTML is rendered without scripts, handlers or javascript: links', async () => {
      const res = await stack
        .http()
        .post('/api/blogs')
        .set('Authorization', admin.bearer)
        .send({
          title: 'Markdown XSS',
          body: `Hello ${SCRIPT}\n\n${HANDLER}\n\n[click](javascript:alert(1))\n\n<iframe src="https://evil.example"></iframe>`,
          published: true,
        });
      expect(res.status).toBe(201);
      const html = String(
        (
          await stack
            .http()
            .get(`/api/blogs/${res.body.id as string}`)
            .expect(200)
        ).body.bodyHtml,
      );
      expect(html).toContain('Hello');
      expect(html).not.toMatch(/<script|onerror=|javascript:|<iframe/i);
      // the Markdown source is answered as JSON text, for editing only
      expect(res.body.body).toContain(SCRIPT);
    });
  });

  describe('CSRF: a cookie alone cannot change state from another site', () => {
    it('control: the cookie works from our own pages (Sec-Fetch-Site: same-origin)', async () => {
      const res = await stack
        .http()
        .post('/api/comments')
        .set('Cookie', annCookie)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ blog, text: 'same-origin ok' });
      expect(res.status).toBe(201);
    });

    it('the jwt cookie is HttpOnly and SameSite=Lax', async () => {
      const login = await stack.http().post('/api/users/auth').send({ email: ann.email, password: ann.password }).expect(200);
      const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('jwt='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    });

    it.each([
      ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
      ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
      ['no Sec-Fetch-Site and no X-Requested-With (older browser)', {}],
    ])('a form post with only the cookie and %s is refused; no comment is stored', async (_what, headers) => {
      const before = await commentsOn(blog);
      const res = await stack.http().post('/api/comments').set('Cookie', annCookie).set(headers).type('form').send(`blog=${blog}&text=csrf`);
      expect([401, 403]).toContain(res.status);
      expect(await commentsOn(blog)).toEqual(before);
    });

    it('a cross-site text/plain "JSON" review post is refused and the product keeps no review', async () => {
      const product = await createProduct(stack, admin, category, { name: 'CSRF tee' });
      const res = await stack
        .http()
        .post(`/api/products/${product._id}/reviews`)
        .set('Cookie', annCookie)
        .set('Content-Type', 'text/plain')
        .send('{"rating":1,"comment":"csrf"}');
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await stack.http().get(`/api/products/${product._id}`)).body.numReviews).toBe(0);
    });

    it('a cross-site deletion request is refused and no deletion token is issued', async () => {
      const res = await stack.http().post('/api/users/request-deletion').set('Cookie', annCookie).set('Sec-Fetch-Site', 'cross-site');
      expect(res.status).toBe(403);
      expect(await database(stack).collection('user_tokens').countDocuments({ purpose: 'deletion' })).toBe(0);
    });

    it('a cross-site profile change is refused and the profile is unchanged', async () => {
      const before = await profileOf(stack, ann);
      const res = await stack
        .http()
        .put('/api/users/profile')
        .set('Cookie', annCookie)
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send('username=csrf');
      expect(res.status).toBe(403);
      expect(await profileOf(stack, ann)).toEqual(before);
    });

    it('a cross-site logout does not revoke the session', async () => {
      await stack.http().post('/api/users/logout').set('Cookie', annCookie).set('Sec-Fetch-Site', 'cross-site');
      await stack.http().get('/api/users/profile').set('Cookie', annCookie).expect(200);
    });
  });

  describe('CORS', () => {
    it('a disallowed Origin gets no Access-Control-Allow-Origin, on requests and preflights', async () => {
      const simple = await stack.http().get('/api/products').set('Origin', 'https://evil.example');
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await stack
        .http()
        .options('/api/users/profile')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'PUT')
        .set('Access-Control-Request-Headers', 'content-type,authorization');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      for (const origin of ['null', `${ALLOWED_ORIGIN}.evil.example`, 'https://evil.example/https://console.threadline.test']) {
        const res = await stack.http().get('/api/users/profile').set('Origin', origin).set('Cookie', annCookie);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    });

    it('control: the configured origin is allowed, with credentials', async () => {
      const res = await stack.http().get('/api/products').set('Origin', ALLOWED_ORIGIN);
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    });
  });
});
