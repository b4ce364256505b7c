import { createAccount, type TestAccount } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

describe('contact replies: POST /api/contact/{id}/replies', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    [admin, ann] = await Promise.all([createAccount(stack, 'admin', { username: 'Olive Owner' }), createAccount(stack)]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const send = (body: Record<string, unknown>) => stack.http().post('/api/contact').send(body);
  const valid = { name: 'Rita Reader', email: 'rita@example.com', subject: 'A question', message: 'Hello' };

  it('lets an admin answer a message: the reply is mailed to the sender, quoting it, and kept in the thread with its author and time', async () => {
    const id = (
      await send({ ...valid, email: 'rita@example.com', subject: 'Return label', message: 'Could you send me a return label?' }).expect(201)
    ).body.id as string;
    const before = Date.now();
    const answered = await stack
      .http()
      .post(`/api/contact/${id}/replies`)
      .set('Authorization', admin.bearer)
      .send({ message: '  The label is attached to this mail.\nKind regards  ' })
      .expect(201);
    expect(answered.body).toEqual(
      expect.objectContaining({
        id,
        handled: true,
        handledBy: admin.id,
        replies: [
          {
            _id: expect.any(String),
            message: 'The label is attached to this mail.\nKind regards',
            author: admin.id,
            authorName: admin.username,
            sentAt: expect.any(String),
          },
        ],
      }),
    );
    expect(Date.parse(answered.body.replies[0].sentAt)).toBeGreaterThanOrEqual(before - 1000);

    const mail = await until(
      async () => (await readOutbox(stack.config.outboxDir)).find((m) => m.subject === 'Re: Return label'),
      15_000,
      'the reply mail',
    );
    expect(mail.to).toContain('rita@example.com');
    expect(mail.text).toContain('The label is attached to this mail.');
    expect(mail.text).toContain('Could you send me a return label?');

    // A second reply joins the thread after the first; the thread is in the one message and in the list.
    await stack.http().post(`/api/contact/${id}/replies`).set('Authorization', admin.bearer).send({ message: 'Did it arrive?' }).expect(201);
    const one = await stack.http().get(`/api/contact/${id}`).set('Authorization', admin.bearer).expect(200);
    expect(one.body.replies.map((r: { message: string }) => r.message)).toEqual([
      'The label is attached to this mail.\nKind regards',
      'Did it arrive?',
    ]);
    const listed = await stack
      .http()
      .get('/api/contact')
      .query({ filter: JSON.stringify({ id: [id] }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(listed.body[0].replies).toHaveLength(2);
    await until(
      async () => ((await readOutbox(stack.config.outboxDir)).filter((m) => m.subject === 'Re: Return label').length === 2 ? true : undefined),
      15_000,
      'the second reply mail',
    );
  });

  it('refuses an empty or overlong reply, an unknown message and anyone but an admin, storing and mailing nothing', async () => {
    const id = (await send({ ...valid, subject: 'Unanswered' }).expect(201)).body.id as string;
    const empty = await stack.http().post(`/api/contact/${id}/replies`).set('Authorization', admin.bearer).send({ message: '   ' }).expect(400);
    expect(empty.body).toEqual(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'Please write a reply', errors: { message: 'Please write a reply' } }),
    );
    expect((await stack.http().post(`/api/contact/${id}/replies`).set('Authorization', admin.bearer).send({}).expect(400)).body.message).toBe(
      'Please write a reply',
    );
    expect(
      (
        await stack
          .http()
          .post(`/api/contact/${id}/replies`)
          .set('Authorization', admin.bearer)
          .send({ message: 'x'.repeat(5001) })
          .expect(400)
      ).body.message,
    ).toBe('A reply can have at most 5000 characters');
    await stack.http().post(`/api/contact/${id}/replies`).set('Authorization', admin.bearer).send({ message: 'Hi', cc: 'x@example.com' }).expect(400);
    await stack.http().post(`/api/contact/${id}/replies`).set('Authorization', ann.bearer).send({ message: 'Hi' }).expect(403);
    await stack.http().post(`/api/contact/${id}/replies`).send({ message: 'Hi' }).expect(401);
    expect(
      (
        await stack
          .http()
          .post('/api/contact/0123456789abcdef01234567/replies')
          .set('Authorization', admin.bearer)
          .send({ message: 'Hi' })
          .expect(404)
      ).body.code,
    ).toBe('CONTACT_MESSAGE_NOT_FOUND');
    expect(
      (await stack.http().post('/api/contact/not-an-id/replies').set('Authorization', admin.bearer).send({ message: 'Hi' }).expect(404)).body.code,
    ).toBe('CONTACT_MESSAGE_NOT_FOUND');
    const after = await stack.http().get(`/api/contact/${id}`).set('Authorization', admin.bearer).expect(200);
    expect(after.body).toEqual(expect.objectContaining({ replies: [], handled: false }));
    expect((await readOutbox(stack.config.outboxDir)).some((m) => m.subject === 'Re: Unanswered')).toBe(false);
  });
});
