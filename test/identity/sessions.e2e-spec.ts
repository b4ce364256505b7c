import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('identity: register, sign in, sessions', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('registers, answers the user info with token and expiresAt, and sets the jwt cookie', async () => {
    const res = await stack.http().post('/api/users').send({ username: 'Ann', email: 'Ann@Example.com', password: 'correct horse' }).expect(201);
    expect(res.body).toEqual(
      expect.objectContaining({
        username: 'Ann',
        email: 'ann@example.com',
        isAdmin: false,
        isDistributor: false,
        token: expect.any(String),
        expiresAt: expect.any(String),
      }),
    );
    expect(res.body._id).toBe(res.body.id);
    expect(res.body.passwordHash).toBeUndefined();
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/jwt=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses isAdmin in the body, and no admin exists afterwards', async () => {
    const res = await stack
      .http()
      .post('/api/users')
      .send({ username: 'Eve', email: 'eve@example.com', password: 'password123', isAdmin: true })
      .expect(400);
    expect(res.body.message).toMatch(/isAdmin/);
    const db = stack.app.get<Connection>(getConnectionToken());
    expect(await db.collection('users').countDocuments({ isAdmin: true })).toBe(0);
    expect(await db.collection('users').countDocuments({ email: 'eve@example.com' })).toBe(0);
  });

  it('answers 409 for an e-mail already taken', async () => {
    await stack.http().post('/api/users').send({ username: 'Ann2', email: 'ann@example.com', password: 'another pw' }).expect(409);
  });

  it('answers 400 for a short password and a bad e-mail', async () => {
    const short = await stack.http().post('/api/users').send({ username: 'Bo', email: 'bo@example.com', password: 'short' }).expect(400);
    expect(short.body.errors.password).toBeDefined();
    const bad = await stack.http().post('/api/users').send({ username: 'Bo', email: 'not-an-email', password: 'long enough' }).expect(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });

  it('answers the same 401 for an unknown e-mail and a wrong password, and 400 for operator objects', async () => {
    const unknown = await stack.http().post('/api/users/auth').send({ email: 'nobody@example.com', password: 'whatever1' }).expect(401);
    const wrong = await stack.http().post('/api/users/auth').send({ email: 'ann@example.com', password: 'wrong password' }).expect(401);
    expect(unknown.body).toEqual(wrong.body);
    await stack
      .http()
      .post('/api/users/auth')
      .send({ email: { $ne: null }, password: { $ne: null } })
      .expect(400);
    await stack
      .http()
      .post('/api/users/auth')
      .send({ email: 'ann@example.com', password: { $gt: '' } })
      .expect(400);
  });

  it('authenticates with the bearer token or the cookie, and logout revokes the token', async () => {
    const account = await createAccount(stack);
    await stack.http().get('/api/users/profile').expect(401);
    const me = await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(200);
    expect(me.body.email).toBe(account.email);
    await stack.http().get('/api/users/profile').set('Cookie', `jwt=${account.token}`).expect(200);
    await stack.http().post('/api/users/logout').set('Authorization', account.bearer).expect(200);
    await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(401);
  });

  it('refuses a cookie-only state change from another site (CSRF)', async () => {
    const account = await createAccount(stack);
    await stack.http().post('/api/users/logout').set('Cookie', `jwt=${account.token}`).set('Sec-Fetch-Site', 'cross-site').expect(200);
    // logout is public (it only ends a session), so the token must survive a cross-site attempt:
    await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(200);
  });
});
