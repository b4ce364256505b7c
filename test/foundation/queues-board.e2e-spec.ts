import { JobsService, QUEUES } from '@shop/jobs';
import { createAccount, type TestAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

/** Bull Board at /api/admin/queues: through Nest's guards (admins only), every queue, nothing from a CDN, not in Swagger. */
describe('queues board (Bull Board) for admins', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    [admin, customer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers a guest 401 and a customer 403 on the page and on its JSON API, in the API error shape', async () => {
    for (const path of ['/api/admin/queues', '/api/admin/queues/', '/api/admin/queues/api/queues', '/api/admin/queues/static/images/logo.svg']) {
      const guest = await stack.http().get(path).expect(401);
      expect(guest.body).toMatchObject({ statusCode: 401, code: 'NOT_AUTHENTICATED' });
      const shopper = await stack.http().get(path).set('Authorization', customer.bearer).expect(403);
      expect(shopper.body).toMatchObject({ statusCode: 403, code: 'ADMIN_ONLY' });
    }
    await stack.http().put('/api/admin/queues/api/queues/mail/pause').set('Authorization', customer.bearer).expect(403);
  });

  it("applies the API's CSRF rule: a cross-site write with an admin's cookie is refused, a same-origin one goes through", async () => {
    const cookie = `jwt=${admin.token}`;
    const refused = await stack
      .http()
      .put('/api/admin/queues/api/queues/media/pause')
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(refused.body).toMatchObject({ code: 'CSRF' });
    const jobs = stack.app.get(JobsService);
    expect(await jobs.queue('media').isPaused()).toBe(false);
    await stack.http().put('/api/admin/queues/api/queues/media/pause').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin').expect(200);
    expect(await jobs.queue('media').isPaused()).toBe(true);
    await stack.http().put('/api/admin/queues/api/queues/media/resume').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin').expect(200);
    expect(await jobs.queue('media').isPaused()).toBe(false);
  });

  it("serves an admin the board page and its own scripts and styles (no CDN), under the shop's CSP", async () => {
    const page = await stack.http().get('/api/admin/queues').set('Authorization', admin.bearer).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<base href="/api/admin/queues/" />');
    expect(page.text).toContain('Threadline jobs');
    expect(page.text).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-powered-by']).toBeUndefined();
    const assets = [...page.text.matchAll(/(?:src|href)="(static\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const res = await stack.http().get(`/api/admin/queues/${asset}`).set('Authorization', admin.bearer).expect(200);
      expect(res.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : asset.endsWith('.css') ? /css/ : /image/);
    }
    // A deep link into the board (its client-side router) gets the page too.
    await stack.http().get('/api/admin/queues/queue/mail').set('Authorization', admin.bearer).expect(200).expect('Content-Type', /html/);
    // What the board does not have is the API's JSON 404.
    const missing = await stack.http().get('/api/admin/queues/no/such/page').set('Authorization', admin.bearer).expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('lists every queue and lets an admin retry a failed job from the board', async () => {
    const res = await stack.http().get('/api/admin/queues/api/queues').set('Authorization', admin.bearer).expect(200);
    const names = (res.body as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
    expect(names).toEqual([...QUEUES].sort());

    const jobs = stack.app.get(JobsService);
    await jobs.queue('mail').add('mail.no-such-template', { to: 'z@example.com' }, { jobId: 'board-broken-1', attempts: 1 });
    const first = await until(async () => (await jobs.listFailed()).find((j) => j.id === 'board-broken-1'), 15_000, 'the failed job');
    await stack
      .http()
      .put('/api/admin/queues/api/queues/mail/board-broken-1/retry')
      .set('Authorization', admin.bearer)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(204);
    // It ran again (and, still without a handler, failed again later than the first time).
    await until(
      async () => {
        const job = (await jobs.listFailed()).find((j) => j.id === 'board-broken-1');
        return job && (job.finishedOn ?? 0) > (first.finishedOn ?? 0) ? job : undefined;
      },
      15_000,
      'the second failure',
    );
  });

  it('is not part of the OpenAPI document', async () => {
    const doc = await stack.http().get('/api/docs-json').expect(200);
    expect(Object.keys(doc.body.paths as object).filter((p) => p.startsWith('/api/admin/queues'))).toEqual([]);
  });
});
