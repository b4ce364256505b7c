import sharp from 'sharp';
import { MediaStorage } from '@shop/media';
import { createAccount, type TestAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('blogs', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann, bob] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack), createAccount(stack)]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const post = (body: Record<string, unknown>, who: TestAccount = admin) =>
    stack.http().post('/api/blogs').set('Authorization', who.bearer).send(body);

  it('lets an admin write a post whose Markdown is rendered and sanitised, with a slug made from the title', async () => {
    const res = await post({
      title: 'Ten Looks for Summer!',
      excerpt: 'Light layers.',
      body: '# Hello\n\nSome **bold** text.\n\n<img src=x onerror=alert(1)>\n\n<script>alert(2)</script>\n\n[x](javascript:alert(3))',
      tags: [' Style ', 'summer', 'style'],
      published: true,
    }).expect(201);
    expect(res.body).toEqual(
      expect.objectContaining({
        title: 'Ten Looks for Summer!',
        slug: 'ten-looks-for-summer',
        excerpt: 'Light layers.',
        tags: ['style', 'summer'],
        published: true,
        likes: 0,
        likedByMe: false,
        commentCount: 0,
        coverImage: null,
        author: { _id: admin.id, username: admin.username },
      }),
    );
    expect(res.body.id).toBe(res.body._id);
    expect(res.body.publishedAt).toEqual(expect.any(String));
    expect(res.body.bodyHtml).toContain('<h1>Hello</h1>');
    expect(res.body.bodyHtml).toContain('<strong>bold</strong>');
    expect(res.body.bodyHtml).not.toMatch(/onerror/i);
    expect(res.body.bodyHtml).not.toMatch(/<script/i);
    expect(res.body.bodyHtml).not.toMatch(/javascript:/i);
    expect(res.body.body).toContain('<img src=x onerror=alert(1)>');
  });

  it('de-duplicates slugs with a suffix', async () => {
    const second = await post({ title: 'Ten looks for summer', body: 'Again', published: true }).expect(201);
    expect(second.body.slug).toBe('ten-looks-for-summer-2');
    const third = await post({ title: 'Other', slug: 'Ten Looks For Summer', body: 'Again' }).expect(201);
    expect(third.body.slug).toBe('ten-looks-for-summer-3');
  });

  it('refuses writing to customers (403) and guests (401), and bad input (400)', async () => {
    await post({ title: 'Nope', body: 'x' }, ann).expect(403);
    await stack.http().post('/api/blogs').send({ title: 'Nope', body: 'x' }).expect(401);
    const missing = await post({ body: 'x' }).expect(400);
    expect(missing.body.message).toBe('Title is required');
    await post({ title: 'T', body: 'x', coverImage: 'https://evil.example/x.png' }).expect(400);
    await post({ title: 'T', body: 'x', coverImage: '/api/images/0123456789abcdef01234567' }).expect(400);
    await post({ title: 'T', body: 'x', author: bob.id }).expect(400);
  });

  it('takes an uploaded image as cover', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const id = await stack.app.get(MediaStorage).saveImage(png, 'image/png', 'cover.png');
    const res = await post({ title: 'With cover', body: 'Hi', coverImage: `/api/images/${id}`, published: true }).expect(201);
    expect(res.body.coverImage).toBe(`/api/images/${id}`);
    const cleared = await stack.http().put(`/api/blogs/${res.body.id}`).set('Authorization', admin.bearer).send({ coverImage: null }).expect(200);
    expect(cleared.body.coverImage).toBeNull();
  });

  it('lists published posts only, with paging and list headers; admins can see drafts through the filter', async () => {
    const draft = await post({ title: 'Secret draft', body: 'Not yet' }).expect(201);
    expect(draft.body.published).toBe(false);
    expect(draft.body.publishedAt).toBeNull();

    const list = await stack.http().get('/api/blogs').expect(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.every((b: { published: boolean }) => b.published)).toBe(true);
    expect(list.body.map((b: { title: string }) => b.title)).not.toContain('Secret draft');
    const total = Number(list.headers['x-total-count']);
    expect(total).toBe(list.body.length);
    expect(list.headers['content-range']).toBe(`blogs 0-${total - 1}/${total}`);

    const page = await stack.http().get('/api/blogs?page=2&pageSize=1').expect(200);
    expect(page.body).toHaveLength(1);
    expect(page.headers['content-range']).toBe(`blogs 1-1/${total}`);

    // A customer asking for drafts still gets published posts only.
    const sneaky = await stack
      .http()
      .get('/api/blogs')
      .query({ filter: JSON.stringify({ published: false }) })
      .set('Authorization', ann.bearer)
      .expect(200);
    expect(sneaky.body.every((b: { published: boolean }) => b.published)).toBe(true);

    const drafts = await stack
      .http()
      .get('/api/blogs')
      .query({ filter: JSON.stringify({ published: false }) })
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(drafts.body.map((b: { title: string }) => b.title)).toContain('Secret draft');
    expect(drafts.body.every((b: { published: boolean }) => !b.published)).toBe(true);

    const tagged = await stack
      .http()
      .get('/api/blogs')
      .query({ filter: JSON.stringify({ tag: 'summer' }) })
      .expect(200);
    expect(tagged.body.map((b: { slug: string }) => b.slug)).toEqual(['ten-looks-for-summer']);

    await stack
      .http()
      .get('/api/blogs')
      .query({ filter: JSON.stringify({ title: { $ne: null } }) })
      .expect(400);
  });

  it('sorts by the Published column the console shows (it answered 400 "cannot sort by published")', async () => {
    await post({ title: 'Unpublished for sorting', body: 'Draft' }).expect(201);
    await post({ title: 'Published for sorting', body: 'Live', published: true }).expect(201);
    const states = async (order: 'ASC' | 'DESC') => {
      const res = await stack
        .http()
        .get('/api/blogs')
        .query({ sort: JSON.stringify(['published', order]), range: '[0,99]' })
        .set('Authorization', admin.bearer)
        .expect(200);
      return res.body.map((b: { published: boolean }) => b.published);
    };
    const ascending = await states('ASC');
    expect(ascending).toEqual([...ascending].sort((a, b) => Number(a) - Number(b)));
    const descending = await states('DESC');
    expect(descending).toEqual([...descending].sort((a, b) => Number(b) - Number(a)));
    expect(descending[0]).toBe(true);
  });

  it("answers 400 VALIDATION_FAILED to an unknown query parameter; pageSize (the storefront's) still pages like perPage", async () => {
    const unknown = await stack.http().get('/api/blogs').query({ tag: 'summer' }).expect(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    expect(unknown.body.errors).toEqual({ tag: expect.any(String) });
    const badSort = await stack.http().get('/api/blogs').query({ sort: 'body' }).expect(400);
    expect(badSort.body.code).toBe('INVALID_QUERY');
    const perPage = await stack.http().get('/api/blogs').query({ perPage: '1' }).expect(200);
    const pageSize = await stack.http().get('/api/blogs').query({ pageSize: '1' }).expect(200);
    expect(perPage.body).toHaveLength(1);
    expect(pageSize.body.map((b: { id: string }) => b.id)).toEqual(perPage.body.map((b: { id: string }) => b.id));
    expect((await stack.http().get('/api/blogs').query({ pageSize: '50' }).expect(200)).headers['x-total-count']).toEqual(expect.any(String));
  });

  it('gives one post by id or slug; drafts and unknown posts are 404 for everyone but admins', async () => {
    const bySlug = await stack.http().get('/api/blogs/ten-looks-for-summer').expect(200);
    const byId = await stack.http().get(`/api/blogs/${bySlug.body.id}`).expect(200);
    expect(byId.body.slug).toBe('ten-looks-for-summer');

    const draft = (
      await stack
        .http()
        .get('/api/blogs')
        .query({ filter: JSON.stringify({ published: false }) })
        .set('Authorization', admin.bearer)
    ).body[0];
    await stack.http().get(`/api/blogs/${draft.id}`).expect(404);
    await stack.http().get(`/api/blogs/${draft.slug}`).set('Authorization', ann.bearer).expect(404);
    await stack.http().get(`/api/blogs/${draft.id}`).set('Authorization', admin.bearer).expect(200);
    const missing = await stack.http().get('/api/blogs/no-such-post').expect(404);
    expect(missing.body.message).toBe('Blog not found');
  });

  it('lets admins edit (re-rendering the body, publishing, changing the slug on request) and delete', async () => {
    const created = await post({ title: 'Edit me', body: 'old' }).expect(201);
    const id = created.body.id;
    const edited = await stack
      .http()
      .put(`/api/blogs/${id}`)
      .set('Authorization', admin.bearer)
      .send({ title: 'Edited title', body: '*new* <b onclick="x()">b</b>', published: true })
      .expect(200);
    expect(edited.body.title).toBe('Edited title');
    expect(edited.body.slug).toBe('edit-me');
    expect(edited.body.bodyHtml).toContain('<em>new</em>');
    expect(edited.body.bodyHtml).not.toMatch(/onclick/i);
    expect(edited.body.published).toBe(true);
    expect(edited.body.publishedAt).toEqual(expect.any(String));

    const reslugged = await stack
      .http()
      .put(`/api/blogs/${id}`)
      .set('Authorization', admin.bearer)
      .send({ slug: 'Ten looks for summer' })
      .expect(200);
    expect(reslugged.body.slug).toBe('ten-looks-for-summer-4');

    await stack.http().put(`/api/blogs/${id}`).set('Authorization', ann.bearer).send({ title: 'x' }).expect(403);
    await stack.http().put('/api/blogs/0123456789abcdef01234567').set('Authorization', admin.bearer).send({ title: 'x' }).expect(404);
    await stack.http().put(`/api/blogs/${id}`).set('Authorization', admin.bearer).send({ published: 'yes' }).expect(400);

    await stack.http().delete(`/api/blogs/${id}`).set('Authorization', ann.bearer).expect(403);
    const deleted = await stack.http().delete(`/api/blogs/${id}`).set('Authorization', admin.bearer).expect(200);
    expect(deleted.body.message).toBe('Blog deleted');
    await stack.http().get(`/api/blogs/${id}`).expect(404);
    await stack.http().delete(`/api/blogs/${id}`).set('Authorization', admin.bearer).expect(404);
    for (const res of [
      await stack.http().delete('/api/blogs/not-an-id').set('Authorization', admin.bearer).expect(404),
      await stack.http().put('/api/blogs/not-an-id').set('Authorization', admin.bearer).send({ title: 'x' }).expect(404),
      await stack.http().post('/api/blogs/not-an-id/like').set('Authorization', ann.bearer).expect(404),
    ]) {
      expect(res.body).toEqual(expect.objectContaining({ code: 'BLOG_NOT_FOUND', message: 'Blog not found' }));
    }
  });

  it('toggles a like on and off, and counts two users’ likes as 2', async () => {
    const blog = (await stack.http().get('/api/blogs/ten-looks-for-summer').expect(200)).body;
    const like = (who: TestAccount) => stack.http().post(`/api/blogs/${blog.id}/like`).set('Authorization', who.bearer);

    const on = await like(ann).expect(200);
    expect(on.body).toEqual(expect.objectContaining({ id: blog.id, likes: 1, likedByMe: true }));
    const off = await like(ann).expect(200);
    expect(off.body).toEqual(expect.objectContaining({ likes: 0, likedByMe: false }));

    await like(ann).expect(200);
    const two = await like(bob).expect(200);
    expect(two.body).toEqual(expect.objectContaining({ likes: 2, likedByMe: true }));

    const asGuest = await stack.http().get(`/api/blogs/${blog.id}`).expect(200);
    expect(asGuest.body).toEqual(expect.objectContaining({ likes: 2, likedByMe: false }));
    const asAnn = await stack.http().get('/api/blogs').set('Authorization', ann.bearer).expect(200);
    expect(asAnn.body.find((b: { id: string }) => b.id === blog.id)).toEqual(expect.objectContaining({ likes: 2, likedByMe: true }));
    const asAdmin = await stack.http().get(`/api/blogs/${blog.slug}`).set('Authorization', admin.bearer).expect(200);
    expect(asAdmin.body.likedByMe).toBe(false);

    await stack.http().post(`/api/blogs/${blog.id}/like`).expect(401);
    await stack.http().post('/api/blogs/0123456789abcdef01234567/like').set('Authorization', ann.bearer).expect(404);
  });

  it('keeps concurrent likes of different users', async () => {
    const blog = (await post({ title: 'Popular', body: 'x', published: true }).expect(201)).body;
    const users = await Promise.all([createAccount(stack), createAccount(stack), createAccount(stack), createAccount(stack)]);
    await Promise.all(users.map((u) => stack.http().post(`/api/blogs/${blog.id}/like`).set('Authorization', u.bearer).expect(200)));
    expect((await stack.http().get(`/api/blogs/${blog.id}`).expect(200)).body.likes).toBe(4);
  });

  it('does not let customers like a draft', async () => {
    const draft = (await post({ title: 'Hidden', body: 'x' }).expect(201)).body;
    await stack.http().post(`/api/blogs/${draft.id}/like`).set('Authorization', ann.bearer).expect(404);
  });
});
