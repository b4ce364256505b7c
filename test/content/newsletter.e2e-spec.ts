import { createAccount, type TestAccount } from '../support/fixtures';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';
import { JobsService } from '@shop/jobs';

describe('newsletter', () => {
  let stack: TestStack;
  let admin: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    admin = await createAccount(stack, 'admin');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const subscribe = (email: unknown) => stack.http().post('/api/newsletter/subscribe').send({ email });
  const welcomeMails = async (to: string): Promise<OutboxMail[]> =>
    (await readOutbox(stack.config.outboxDir)).filter((m) => m.to.includes(to) && m.subject === 'Thank you for subscribing!');
  const pathOf = (link: string) => link.replace(stack.config.publicUrl, '');
  /** Every mail job queued so far has finished: none waiting, running or due for a retry (its mail is in the outbox). */
  const mailQueueDrained = () =>
    until(
      async () => {
        const counts = await stack.app.get(JobsService).queue('mail').getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children');
        return Object.values(counts).every((n) => n === 0) ? true : undefined;
      },
      15_000,
      'the mail queue to drain',
    );

  it('refuses addresses that break the spec rule', async () => {
    for (const email of ['', 'ann', 'ann@example', 'ann @example.com', 'ann@exa mple.com', 42]) {
      const res = await subscribe(email).expect(400);
      expect(res.body.message).toBe('Please enter a valid email address');
    }
  });

  it('subscribes a new address once: 201 then 200, and sends ONE welcome mail with an unsubscribe link', async () => {
    const first = await subscribe('reader@example.com').expect(201);
    expect(first.body.message).toBe('Thank you for subscribing!');
    const again = await subscribe('  Reader@Example.com ').expect(200);
    expect(again.body.message).toBe('Thank you for subscribing!');

    const [mail] = await until(
      async () => {
        const mails = await welcomeMails('reader@example.com');
        return mails.length ? mails : undefined;
      },
      15_000,
      'the welcome mail',
    );
    // A (wrong) second welcome mail would have been queued before the second answer: once the mail queue is
    // drained, it would be in the outbox.
    await mailQueueDrained();
    expect(await welcomeMails('reader@example.com')).toHaveLength(1);
    const link = mail.links.find((l) => l.includes('/api/newsletter/unsubscribe/'));
    expect(link).toMatch(/^http:\/\/shop\.test\/api\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{20,}$/);

    const list = await stack.http().get('/api/newsletter/subscribers').set('Authorization', admin.bearer).expect(200);
    expect(list.body.filter((s: { email: string }) => s.email === 'reader@example.com')).toHaveLength(1);
  });

  it('unsubscribes through the link of the mail, and the admin list shows it', async () => {
    const [mail] = await welcomeMails('reader@example.com');
    const link = mail.links.find((l) => l.includes('/api/newsletter/unsubscribe/')) as string;
    const page = await stack.http().get(pathOf(link)).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('You have been unsubscribed');
    // Following it again is harmless.
    await stack.http().get(pathOf(link)).expect(200);

    const list = await stack
      .http()
      .get('/api/newsletter/subscribers')
      .query({ filter: JSON.stringify({ q: 'reader@' }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(list.body).toEqual([expect.objectContaining({ email: 'reader@example.com', active: false, unsubscribedAt: expect.any(String) })]);
    expect(list.body[0]).not.toHaveProperty('unsubscribeToken');
  });

  it('answers 404 for an unknown token, as a page for the link and as JSON for POST', async () => {
    const page = await stack.http().get('/api/newsletter/unsubscribe/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa').expect(404);
    expect(page.text).toContain('This link is not valid');
    const res = await stack.http().post('/api/newsletter/unsubscribe/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa').expect(404);
    expect(res.body.message).toBe('This unsubscribe link is not valid');
    await stack.http().post('/api/newsletter/unsubscribe/%24ne').expect(404);
  });

  it('lets an unsubscribed address subscribe again with a fresh link, and unsubscribe by POST', async () => {
    await subscribe('reader@example.com').expect(201);
    const mails = await until(
      async () => {
        const m = await welcomeMails('reader@example.com');
        return m.length === 2 ? m : undefined;
      },
      15_000,
      'the second welcome mail',
    );
    const links = mails.map((m) => m.links.find((l) => l.includes('/unsubscribe/')));
    expect(links[0]).not.toBe(links[1]);
    const fresh = links.find((l) => l !== links[0]) as string;
    // The old link no longer belongs to a subscription.
    await stack
      .http()
      .post(pathOf(links[0] as string))
      .expect(404);
    const res = await stack.http().post(pathOf(fresh)).expect(200);
    expect(res.body.message).toBe('You have been unsubscribed.');
  });

  it('lets admins list subscribers with list headers and download them as CSV; others may not', async () => {
    await subscribe('second@example.com').expect(201);
    await subscribe('=cmd@example.com').expect(201);
    const list = await stack
      .http()
      .get('/api/newsletter/subscribers')
      .query({ filter: JSON.stringify({ active: true }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(list.body.map((s: { email: string }) => s.email).sort()).toEqual(['=cmd@example.com', 'second@example.com']);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.headers['content-range']).toBe('subscribers 0-1/2');

    const csv = await stack.http().get('/api/newsletter/subscribers.csv').set('Authorization', admin.bearer).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('email,status,subscribedAt,unsubscribedAt');
    expect(lines).toHaveLength(4);
    expect(csv.text).toContain('reader@example.com,unsubscribed,');
    expect(csv.text).toContain("'=cmd@example.com,subscribed,");

    const customer = await createAccount(stack);
    await stack.http().get('/api/newsletter/subscribers').set('Authorization', customer.bearer).expect(403);
    await stack.http().get('/api/newsletter/subscribers.csv').expect(401);
  });

  it('answers 400 VALIDATION_FAILED to an unknown query parameter on the list and the CSV; the CSV takes the list filter', async () => {
    for (const path of ['/api/newsletter/subscribers', '/api/newsletter/subscribers.csv']) {
      const res = await stack.http().get(path).query({ active: 'true' }).set('Authorization', admin.bearer).expect(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual({ active: expect.any(String) });
    }
    // The CSV is the whole list: paging parameters are not among its parameters.
    expect(
      (await stack.http().get('/api/newsletter/subscribers.csv').query({ range: '[0,0]' }).set('Authorization', admin.bearer).expect(400)).body.code,
    ).toBe('VALIDATION_FAILED');
    const active = await stack
      .http()
      .get('/api/newsletter/subscribers.csv')
      .query({ filter: JSON.stringify({ active: true }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(active.text).not.toContain('reader@example.com');
    expect(active.text.trim().split('\r\n')).toHaveLength(3);
    expect(
      (await stack.http().get('/api/newsletter/subscribers.csv').query({ filter: '{"token":"x"}' }).set('Authorization', admin.bearer).expect(400))
        .body.code,
    ).toBe('INVALID_QUERY');
    expect(
      (await stack.http().get('/api/newsletter/subscribers').query({ perPage: '1' }).set('Authorization', admin.bearer).expect(200)).body,
    ).toHaveLength(1);
  });
});
