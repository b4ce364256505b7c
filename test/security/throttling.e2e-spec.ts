import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { database } from './support';

describe('security: brute force (RATE_LIMIT_AUTH=4, trust proxy off)', () => {
  let stack: TestStack;
  let victim: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({ env: { RATE_LIMIT_AUTH: '4' } });
    victim = await createAccount(stack); // one register and one login of the budget
  });
  afterAll(() => stack?.stop());

  it('login answers 429 past the limit even with a new X-Forwarded-For each time, and then signs nobody in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await stack
        .http()
        .post('/api/users/auth')
        .set('X-Forwarded-For', `198.51.100.${i + 1}`)
        .set('X-Real-IP', `198.51.100.${i + 1}`)
        .send({ email: `guess${i}@example.com`, password: `guess-${i}-password` });
      statuses.push(res.status);
      expect(res.body.token).toBeUndefined();
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429, 429, 429]);
    const right = await stack
      .http()
      .post('/api/users/auth')
      .set('X-Forwarded-For', '192.0.2.77')
      .send({ email: victim.email, password: victim.password });
    expect(right.status).toBe(429);
    expect(right.body.token).toBeUndefined();
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('forgot-password answers 429 past the limit with rotating X-Forwarded-For, and the refused call issues no token', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await stack
        .http()
        .post('/api/users/forgot-password')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ email: `nobody${i}@example.com` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const tokens = await database(stack).collection('user_tokens').countDocuments();
    const refused = await stack.http().post('/api/users/forgot-password').set('X-Forwarded-For', '203.0.113.200').send({ email: victim.email });
    expect(refused.status).toBe(429);
    expect(await database(stack).collection('user_tokens').countDocuments()).toBe(tokens);
  });

  it('guessing reset tokens answers 429 past the limit with rotating X-Forwarded-For; the password is unchanged', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await stack
        .http()
        .post(`/api/users/reset-password/${String(i).padStart(43, 'A')}`)
        .set('X-Forwarded-For', `192.0.2.${i + 1}`)
        .send({ password: 'attacker password' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    // registering is on the limit too: a flood creates at most the budget of accounts
    const before = await database(stack).collection('users').countDocuments();
    for (let i = 0; i < 6; i += 1) {
      await stack
        .http()
        .post('/api/users')
        .set('X-Forwarded-For', `192.0.2.${50 + i}`)
        .send({ username: `bot${i}`, email: `bot${i}@example.com`, password: 'long enough password' });
    }
    expect((await database(stack).collection('users').countDocuments()) - before).toBeLessThanOrEqual(3);
  });
});

describe('security: abuse by signed-in users', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let spammer: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, spammer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
  });
  afterAll(() => stack?.stop());

  it('five parallel reviews by one user give exactly one 201; the product counts one review', async () => {
    const category = await createCategory(stack, admin, 'Spam');
    const product = await createProduct(stack, admin, category, { name: 'Spammed tee' });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) =>
        stack
          .http()
          .post(`/api/products/${product._id}/reviews`)
          .set('Authorization', spammer.bearer)
          .send({ rating, comment: `Spam ${rating}` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409 || s === 429)).toBe(true);
    const after = await stack.http().get(`/api/products/${product._id}`).expect(200);
    expect(after.body.numReviews).toBe(1);
    expect(after.body.reviews).toHaveLength(1);
    expect(after.body.rating).toBe(after.body.reviews[0].rating);
  });

  it('a comment flood is cut off with 429 and at most five comments are stored', async () => {
    const blog = (
      await stack.http().post('/api/blogs').set('Authorization', admin.bearer).send({ title: 'Flooded', body: 'Hi', published: true }).expect(201)
    ).body.id;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push(
        (
          await stack
            .http()
            .post('/api/comments')
            .set('Authorization', spammer.bearer)
            .send({ blog, text: `flood ${i}` })
        ).status,
      );
    }
    expect(statuses).toContain(429);
    const list = await stack.http().get('/api/comments').query({ blog }).expect(200);
    expect(list.body.length).toBeLessThanOrEqual(5);
    expect(list.body.length).toBe(statuses.filter((s) => s === 201).length);
  });
});
