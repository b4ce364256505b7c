import { getConnectionToken } from '@nestjs/mongoose';
import Redis from 'ioredis';
import type { Connection } from 'mongoose';
import { SessionCache } from '../../apps/api/src/auth/session-cache';
import { createAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

/**
 * Signed-in callers are kept in memory between requests (SESSION_CACHE_TTL_MS). `a` keeps them for a minute,
 * so only the invalidation can make an account change show; `c` keeps them for a second.
 */
describe('session cache: account changes show at once', () => {
  let a: TestStack;
  let c: TestStack;

  beforeAll(async () => {
    [a, c] = await Promise.all([
      startTestStack({ env: { SESSION_CACHE_TTL_MS: '60000' } }),
      startTestStack({ env: { SESSION_CACHE_TTL_MS: '1000' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), c?.stop()]);
  });

  // The cart answers from the signed-in caller alone (no account read of its own): it shows what the guard decided.
  const cart = (stack: TestStack, bearer: string) => stack.http().get('/api/cart').set('Authorization', bearer);
  const signInAgain = async (stack: TestStack, email: string, password: string) =>
    `Bearer ${(await stack.http().post('/api/users/auth').send({ email, password }).expect(200)).body.token}`;

  it('a password change voids the other sessions at once', async () => {
    const ann = await createAccount(a);
    // A second session (another device): the change is made with the first; only tokensValidAfter voids this one.
    const other = await signInAgain(a, ann.email, ann.password);
    await cart(a, other).expect(200);
    expect(a.app.get(SessionCache).get(ann.id)).toBeDefined();
    const changed = await a
      .http()
      .put('/api/users/profile')
      .set('Authorization', ann.bearer)
      .send({ password: 'a brand new password', currentPassword: ann.password })
      .expect(200);
    await cart(a, other).expect(401);
    await cart(a, `Bearer ${changed.body.token}`).expect(200);
  });

  it('a deleted account is signed out at once', async () => {
    const bob = await createAccount(a);
    await cart(a, bob.bearer).expect(200);
    // Deleted through mongoose, as the confirmation link does.
    await a.app.get<Connection>(getConnectionToken()).model('User').deleteOne({ email: bob.email }).exec();
    await cart(a, bob.bearer).expect(401);
  });

  it('a change is published on Redis, and another instance’s message drops the account here', async () => {
    const cy = await createAccount(a);
    const channel = `${a.config.redisPrefix}:users-changed`;
    const listener = new Redis(a.config.redisUrl);
    const publisher = new Redis(a.config.redisUrl);
    const heard: string[] = [];
    try {
      await listener.subscribe(channel);
      listener.on('message', (_c: string, message: string) => heard.push(message));
      await a.http().put('/api/users/profile').set('Authorization', cy.bearer).send({ username: 'Cy renamed' }).expect(200);
      await until(async () => (heard.some((m) => m.endsWith(` ${cy.id}`)) ? true : undefined), 2000, 'the users-changed message');

      await cart(a, cy.bearer).expect(200);
      expect(a.app.get(SessionCache).get(cy.id)?.username).toBe('Cy renamed');
      await publisher.publish(channel, `another-instance ${cy.id}`);
      await until(async () => (a.app.get(SessionCache).get(cy.id) === undefined ? true : undefined), 2000, 'the account to be dropped');
    } finally {
      listener.disconnect();
      publisher.disconnect();
    }
  });

  it('a change made outside the API (a database shell) shows within SESSION_CACHE_TTL_MS', async () => {
    const dee = await createAccount(c);
    await c.http().get('/api/users').set('Authorization', dee.bearer).expect(403);
    await c.app
      .get<Connection>(getConnectionToken())
      .collection('users')
      .updateOne({ email: dee.email }, { $set: { isAdmin: true } });
    await until(
      async () => ((await c.http().get('/api/users').set('Authorization', dee.bearer)).status === 200 ? true : undefined),
      4000,
      'the promotion to show',
    );
  });
});
