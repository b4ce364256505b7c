import { createAccount, type TestAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('comments', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let blogId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann, bob] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack), createAccount(stack)]);
    blogId = (
      await stack.http().post('/api/blogs').set('Authorization', admin.bearer).send({ title: 'Commented', body: 'Hi', published: true }).expect(201)
    ).body.id;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const comment = (who: TestAccount, text: unknown, blog: string = blogId) =>
    stack.http().post('/api/comments').set('Authorization', who.bearer).send({ blog, text });

  it('stores a signed-in user’s comment as trimmed plain text', async () => {
    const res = await comment(ann, '  <b>Nice</b> <img src=x onerror=alert(1)>  ').expect(201);
    expect(res.body).toEqual(
      expect.objectContaining({ blog: blogId, text: '<b>Nice</b> <img src=x onerror=alert(1)>', user: { _id: ann.id, username: ann.username } }),
    );
    expect(res.body.id).toBe(res.body._id);
    expect(res.body.createdAt).toEqual(expect.any(String));
  });

  it('checks the text (1 to 1000 characters), the post and the caller', async () => {
    expect((await comment(ann, '   ').expect(400)).body.message).toBe('A comment has 1 to 1000 characters');
    await comment(ann, 'x'.repeat(1001)).expect(400);
    await comment(ann, 'x'.repeat(1000)).expect(201);
    await comment(ann, { $gt: '' }).expect(400);
    await comment(ann, 'hi', 'not-an-id').expect(400);
    await comment(ann, 'hi', '0123456789abcdef01234567').expect(404);
    await stack.http().post('/api/comments').send({ blog: blogId, text: 'guest' }).expect(401);
    await stack.http().post('/api/comments').set('Authorization', ann.bearer).send({ blog: blogId, text: 'hi', user: bob.id }).expect(400);
  });

  it('lists a post’s comments newest first, paged, with list headers; the post shows the count', async () => {
    await comment(bob, 'Second thought').expect(201);
    const list = await stack.http().get('/api/comments').query({ blog: blogId }).expect(200);
    expect(list.body.length).toBe(3);
    expect(list.body[0].text).toBe('Second thought');
    const times = list.body.map((c: { createdAt: string }) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.headers['content-range']).toBe('comments 0-2/3');

    const page = await stack.http().get('/api/comments').query({ blog: blogId, page: 2, pageSize: 2 }).expect(200);
    expect(page.body).toHaveLength(1);
    expect(page.body[0].text).toContain('<b>Nice</b>');
    expect(page.headers['content-range']).toBe('comments 2-2/3');

    expect((await stack.http().get(`/api/blogs/${blogId}`).expect(200)).body.commentCount).toBe(3);
    await stack.http().get('/api/comments').expect(400);
    await stack.http().get('/api/comments').query({ blog: '0123456789abcdef01234567' }).expect(404);
  });

  it('answers 400 to an unknown query parameter or a malformed blog id, and takes perPage', async () => {
    const unknown = await stack.http().get('/api/comments').query({ blog: blogId, user: ann.id }).expect(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    expect(unknown.body.errors).toEqual({ user: expect.any(String) });
    for (const query of ['blog=not-an-id', `blog=${blogId}&blog=${blogId}`]) {
      const bad = await stack.http().get(`/api/comments?${query}`).expect(400);
      expect(bad.body).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', message: 'blog must be a blog id' }));
    }
    const page = await stack.http().get('/api/comments').query({ blog: blogId, perPage: '1' }).expect(200);
    expect(page.body).toHaveLength(1);
    expect((await stack.http().get('/api/comments').query({ blog: blogId, filter: '{"text":"x"}' }).expect(400)).body.code).toBe('INVALID_QUERY');
  });

  it('lets only the author or an admin delete a comment', async () => {
    const mine = (await comment(ann, 'Delete me').expect(201)).body;
    const forbidden = await stack.http().delete(`/api/comments/${mine.id}`).set('Authorization', bob.bearer).expect(403);
    expect(forbidden.body.message).toBe('You can only delete your own comments');
    await stack.http().delete(`/api/comments/${mine.id}`).expect(401);
    expect((await stack.http().delete(`/api/comments/${mine.id}`).set('Authorization', ann.bearer).expect(200)).body.message).toBe('Comment deleted');
    await stack.http().delete(`/api/comments/${mine.id}`).set('Authorization', ann.bearer).expect(404);
    expect((await stack.http().delete('/api/comments/not-an-id').set('Authorization', ann.bearer).expect(404)).body).toEqual(
      expect.objectContaining({ code: 'COMMENT_NOT_FOUND', message: 'Comment not found' }),
    );

    const bobs = (await comment(bob, 'Moderate me').expect(201)).body;
    await stack.http().delete(`/api/comments/${bobs.id}`).set('Authorization', admin.bearer).expect(200);
    const texts = (await stack.http().get('/api/comments').query({ blog: blogId }).expect(200)).body.map((c: { text: string }) => c.text);
    expect(texts).not.toContain('Delete me');
    expect(texts).not.toContain('Moderate me');
  });

  it('does not take comments on drafts from customers', async () => {
    const draft = (await stack.http().post('/api/blogs').set('Authorization', admin.bearer).send({ title: 'Draft', body: 'x' }).expect(201)).body.id;
    await comment(ann, 'early', draft).expect(404);
    await stack.http().get('/api/comments').query({ blog: draft }).expect(404);
  });

  it('deletes a post’s comments with the post', async () => {
    const blog = (
      await stack.http().post('/api/blogs').set('Authorization', admin.bearer).send({ title: 'Short-lived', body: 'x', published: true }).expect(201)
    ).body.id;
    const c = (await comment(admin, 'soon gone', blog).expect(201)).body;
    await stack.http().delete(`/api/blogs/${blog}`).set('Authorization', admin.bearer).expect(200);
    await stack.http().delete(`/api/comments/${c.id}`).set('Authorization', admin.bearer).expect(404);
  });

  it('throttles commenting per account: the 6th comment within a minute is refused with 429', async () => {
    const carl = await createAccount(stack);
    for (let i = 1; i <= 5; i++) await comment(carl, `comment ${i}`).expect(201);
    const refused = await comment(carl, 'one too many').expect(429);
    expect(refused.body.code).toBe('TOO_MANY_COMMENTS');
    // Another account is not affected.
    await comment(bob, 'still fine').expect(201);
  });
});
