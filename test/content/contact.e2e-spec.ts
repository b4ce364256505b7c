import { createAccount, type TestAccount } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

describe('contact', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    [admin, ann] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const send = (body: Record<string, unknown>) => stack.http().post('/api/contact').send(body);
  const valid = { name: 'Sam Sender', email: 'Sam@Example.com', subject: 'Where is my <b>order</b>?', message: 'Hello,\nit has been a week.' };

  it('refuses bad input without storing or mailing', async () => {
    expect((await send({ ...valid, email: 'nope' }).expect(400)).body.message).toBe('Please enter a valid email address');
    await send({ ...valid, name: '' }).expect(400);
    await send({ ...valid, subject: 'two\nlines' }).expect(400);
    await send({ ...valid, message: 'x'.repeat(5001) }).expect(400);
    await send({ ...valid, handled: true }).expect(400);
  });

  it('stores the message, mails it to the admins and acknowledges it to the sender', async () => {
    const res = await send(valid).expect(201);
    expect(res.body.message).toBe('Thank you for your message! We will get back to you soon.');
    const mails = await until(
      async () => {
        const m = await readOutbox(stack.config.outboxDir);
        return m.length >= 2 ? m : undefined;
      },
      15_000,
      'the contact mails',
    );
    const toAdmin = mails.find((m) => m.to.includes(admin.email));
    const ack = mails.find((m) => m.to.includes('sam@example.com'));
    expect(toAdmin?.subject).toBe('Contact form: Where is my <b>order</b>?');
    expect(toAdmin?.text).toContain('sam@example.com');
    expect(toAdmin?.text).toContain('it has been a week.');
    expect(toAdmin?.html).not.toContain('<b>order</b>');
    expect(ack?.subject).toBe('We received your message: Where is my <b>order</b>?');
    expect(mails.some((m) => m.to.includes(ann.email))).toBe(false);

    const list = await stack.http().get('/api/contact').set('Authorization', admin.bearer).expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: res.body.id,
        name: 'Sam Sender',
        email: 'sam@example.com',
        subject: valid.subject,
        message: valid.message,
        handled: false,
        handledAt: null,
      }),
    ]);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.headers['content-range']).toBe('contact 0-0/1');
  });

  it('lets admins mark a message handled and filter on it; others may not read or change messages', async () => {
    const id = (await send({ ...valid, subject: 'Second' }).expect(201)).body.id;
    const done = await stack.http().put(`/api/contact/${id}`).set('Authorization', admin.bearer).send({ handled: true }).expect(200);
    expect(done.body).toEqual(expect.objectContaining({ id, handled: true, handledAt: expect.any(String), handledBy: admin.id }));
    const one = await stack.http().get(`/api/contact/${id}`).set('Authorization', admin.bearer).expect(200);
    expect(one.body.handled).toBe(true);

    const open = await stack
      .http()
      .get('/api/contact')
      .query({ filter: JSON.stringify({ handled: false }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(open.body.map((m: { subject: string }) => m.subject)).toEqual([valid.subject]);

    const undone = await stack.http().put(`/api/contact/${id}`).set('Authorization', admin.bearer).send({ handled: false }).expect(200);
    expect(undone.body).toEqual(expect.objectContaining({ handled: false, handledAt: null, handledBy: null }));

    await stack.http().put(`/api/contact/${id}`).set('Authorization', admin.bearer).send({ handled: 'yes' }).expect(400);
    await stack.http().put('/api/contact/0123456789abcdef01234567').set('Authorization', admin.bearer).send({ handled: true }).expect(404);
    await stack.http().get('/api/contact').set('Authorization', ann.bearer).expect(403);
    await stack.http().put(`/api/contact/${id}`).set('Authorization', ann.bearer).send({ handled: true }).expect(403);
    await stack.http().get('/api/contact').expect(401);
  });

  it('answers 400 VALIDATION_FAILED to an unknown list parameter, and 404 CONTACT_MESSAGE_NOT_FOUND to a malformed id', async () => {
    const unknown = await stack.http().get('/api/contact').query({ handled: 'false' }).set('Authorization', admin.bearer).expect(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    expect(unknown.body.errors).toEqual({ handled: expect.any(String) });
    expect((await stack.http().get('/api/contact').query({ sort: 'message' }).set('Authorization', admin.bearer).expect(400)).body.code).toBe(
      'INVALID_QUERY',
    );
    for (const res of [
      await stack.http().get('/api/contact/not-an-id').set('Authorization', admin.bearer).expect(404),
      await stack.http().put('/api/contact/not-an-id').set('Authorization', admin.bearer).send({ handled: true }).expect(404),
    ]) {
      expect(res.body).toEqual(expect.objectContaining({ code: 'CONTACT_MESSAGE_NOT_FOUND', message: 'Message not found' }));
    }
    expect((await stack.http().get('/api/contact').query({ perPage: '1' }).set('Authorization', admin.bearer).expect(200)).body).toHaveLength(1);
  });

  it('throttles the form: a client gets 10 attempts an hour, then 429', async () => {
    // 7 attempts were made above (5 invalid, 2 stored): 3 more pass, the next is refused.
    for (let i = 0; i < 3; i++) await send({ ...valid, subject: `Spam ${i}` }).expect(201);
    const res = await send(valid).expect(429);
    expect(res.body.message).toBe('Too many requests, please try again later.');
    const total = Number((await stack.http().get('/api/contact').set('Authorization', admin.bearer).expect(200)).headers['x-total-count']);
    expect(total).toBe(5);
  });
});
