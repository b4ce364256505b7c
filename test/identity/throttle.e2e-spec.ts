import { createAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('identity: throttling of sign-in calls', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // 3 calls per minute per client on each rate-limited route; trust proxy stays at its default 0.
    stack = await startTestStack({ env: { RATE_LIMIT_AUTH: '3' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 429 past the per-client limit, and a forged X-Forwarded-For does not get around it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await stack
        .http()
        .post('/api/users/forgot-password')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ email: `someone${i}@example.com` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('puts login, register, distributor and Google calls on the limit too', async () => {
    const calls: Array<[string, object]> = [
      ['/api/users/auth', { email: 'x@example.com', password: 'whatever1' }],
      ['/api/users', { username: 'a', email: 'bad', password: 'x' }],
      ['/api/users/distributor/login', { email: 'y@example.com', password: 'whatever1' }],
      ['/api/users/distributor/register', { username: 'a', email: 'bad', password: 'x' }],
      ['/api/users/google-login', { credential: 'x' }],
      ['/api/users/google-signin', { credential: 'x' }],
    ];
    for (const [path, body] of calls) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await stack.http().post(path).set('X-Forwarded-For', `198.51.100.${i}`).send(body)).status);
      expect({ path, last: statuses[3] }).toEqual({ path, last: 429 });
      expect(statuses.slice(0, 3)).not.toContain(429);
    }
  });
});

describe('identity: per-account limit on failed sign-ins', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 429 after 5 failures for one e-mail, from any address, even with the right password', async () => {
    const account = await createAccount(stack);
    for (let i = 0; i < 5; i += 1) {
      await stack
        .http()
        .post('/api/users/auth')
        .set('X-Forwarded-For', `192.0.2.${i}`)
        .send({ email: account.email, password: `wrong guess ${i}` })
        .expect(401);
    }
    const blocked = await stack
      .http()
      .post('/api/users/auth')
      .set('X-Forwarded-For', '192.0.2.99')
      .send({ email: account.email, password: account.password })
      .expect(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    await stack.http().post('/api/users/distributor/login').send({ email: account.email, password: account.password }).expect(429);
    // another account is not affected
    const other = await createAccount(stack);
    await stack.http().post('/api/users/auth').send({ email: other.email, password: other.password }).expect(200);
  });

  it('a success resets the count', async () => {
    const account = await createAccount(stack);
    for (let i = 0; i < 4; i += 1) await stack.http().post('/api/users/auth').send({ email: account.email, password: 'wrong guess' }).expect(401);
    await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(200);
    for (let i = 0; i < 4; i += 1) await stack.http().post('/api/users/auth').send({ email: account.email, password: 'wrong guess' }).expect(401);
    await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(200);
  });
});
