import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createAccount, type TestAccount } from '../support/fixtures';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';
import { database, storedUser } from './support';

/** Password reset and account deletion, with the worker writing mails to the outbox. */
describe('security: accounts', () => {
  let stack: TestStack;
  let jwks: Server;
  const GOOGLE_CLIENT = 'security-suite.apps.googleusercontent.com';

  beforeAll(async () => {
    // Google's key set, played by a local server holding a key the attacker does not have.
    const { publicKey } = await generateKeyPair('RS256');
    const keys = { keys: [{ ...(await exportJWK(publicKey)), kid: 'google-key', alg: 'RS256', use: 'sig' }] };
    jwks = createServer((_req, res) => res.setHeader('Content-Type', 'application/json').end(JSON.stringify(keys)));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    stack = await startTestStack({ worker: true, env: { GOOGLE_CLIENT_ID: GOOGLE_CLIENT, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` } });
  });
  afterAll(async () => {
    await stack?.stop();
    jwks?.close();
  });

  const mailTo = (to: string, subject: RegExp): Promise<OutboxMail> =>
    until(
      async () => (await readOutbox(stack.config.outboxDir)).reverse().find((m) => m.to.includes(to) && subject.test(m.subject)),
      20_000,
      `mail to ${to}`,
    );
  const linkToken = (mail: OutboxMail, path: string): string => {
    const link = mail.links.find((l) => l.includes(`/${path}/`));
    if (!link) throw new Error(`no ${path} link in ${mail.text}`);
    return link.slice(link.indexOf(`/${path}/`) + path.length + 2);
  };
  const resetTokenFor = async (account: TestAccount, headers: Record<string, string> = {}) => {
    await stack.http().post('/api/users/forgot-password').set(headers).send({ email: account.email }).expect(200);
    return mailTo(account.email, /Reset your password/);
  };
  const canSignIn = async (account: TestAccount, password = account.password) =>
    (await stack.http().post('/api/users/auth').send({ email: account.email, password })).status === 200;

  it('forgot-password answers alike (status, body, cookies) for known and unknown e-mails', async () => {
    const account = await createAccount(stack);
    const known = await stack.http().post('/api/users/forgot-password').send({ email: account.email });
    const unknown = await stack.http().post('/api/users/forgot-password').send({ email: 'nobody-at-all@example.com' });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers['set-cookie']).toEqual(unknown.headers['set-cookie']);
    await mailTo(account.email, /Reset your password/);
    expect((await readOutbox(stack.config.outboxDir)).some((m) => m.to.includes('nobody-at-all@example.com'))).toBe(false);
  });

  it('a reset token is single-use: the second use answers 400 and cannot overwrite the password', async () => {
    const account = await createAccount(stack);
    const token = linkToken(await resetTokenFor(account), 'reset-password');
    await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'first new password' }).expect(200);
    const again = await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'attacker second pw' });
    expect(again.status).toBe(400);
    expect(await canSignIn(account, 'first new password')).toBe(true);
    expect(await canSignIn(account, 'attacker second pw')).toBe(false);
  });

  it('an expired reset token answers 400 and the password is unchanged', async () => {
    const account = await createAccount(stack);
    const token = linkToken(await resetTokenFor(account), 'reset-password');
    await database(stack)
      .collection('user_tokens')
      .updateOne({ tokenHash: createHash('sha256').update(token).digest('hex') }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'too late password' });
    expect(res.status).toBe(400);
    expect(await canSignIn(account)).toBe(true);
    expect(await canSignIn(account, 'too late password')).toBe(false);
  });

  it('a reset token cannot confirm an account deletion: 400 and the account stays', async () => {
    const account = await createAccount(stack);
    const token = linkToken(await resetTokenFor(account), 'reset-password');
    const res = await stack.http().post(`/api/users/confirm-deletion/${token}`);
    expect(res.status).toBe(400);
    expect(await storedUser(stack, account.id)).not.toBeNull();
    await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(200);
    // and the reset token itself was not consumed by the attempt
    await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'legit new password' }).expect(200);
  });

  it('a deletion token cannot reset a password: 400 and the password is unchanged', async () => {
    const account = await createAccount(stack);
    await stack.http().post('/api/users/request-deletion').set('Authorization', account.bearer).expect(202);
    const token = linkToken(await mailTo(account.email, /Confirm the deletion/), 'verify-deletion');
    const hash = (await storedUser(stack, account.id))?.password;
    const res = await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'hijacked password' });
    expect(res.status).toBe(400);
    expect((await storedUser(stack, account.id))?.password).toBe(hash);
    expect(await canSignIn(account)).toBe(true);
  });

  it('the link in the mail ignores a forged Host and X-Forwarded-Host: it comes from PUBLIC_URL', async () => {
    const account = await createAccount(stack);
    const mail = await resetTokenFor(account, {
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'https',
      Forwarded: 'host=evil.example',
    });
    expect(mail.links.length).toBeGreaterThan(0);
    expect(mail.links.filter((l) => new URL(l).origin !== 'http://shop.test')).toEqual([]);
    expect(`${mail.text}\n${mail.html}`).not.toContain('evil.example');

    await stack.http().post('/api/users/request-deletion').set('Authorization', account.bearer).set('X-Forwarded-Host', 'evil.example').expect(202);
    const deletion = await mailTo(account.email, /Confirm the deletion/);
    expect(deletion.links.filter((l) => new URL(l).origin !== 'http://shop.test')).toEqual([]);
    expect(deletion.html).not.toContain('evil.example');
  });

  it('a token issued before a password reset answers 401; the account is not reachable with it', async () => {
    const account = await createAccount(stack);
    const token = linkToken(await resetTokenFor(account), 'reset-password');
    await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'after reset password' }).expect(200);
    const write = await stack.http().put('/api/users/profile').set('Authorization', account.bearer).send({ username: 'stale token write' });
    expect(write.status).toBe(401);
    expect((await storedUser(stack, account.id))?.username).toBe(account.username);
  });

  it('a Google sign-in without a verified credential answers 401 and creates nobody', async () => {
    const email = 'google-victim@example.com';
    const { privateKey } = await generateKeyPair('RS256');
    const claims = { email, email_verified: true, sub: '1234567890', name: 'Forged' };
    const attackerSigned = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'google-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(GOOGLE_CLIENT)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    // the spec's fields alone, with no credential at all, are a validation error (400), never a sign-in
    for (const path of ['/api/users/google-login', '/api/users/google-signin']) {
      const res = await stack.http().post(path).send({ googleId: '1234567890', email, username: 'Forged' });
      expect(res.status).toBe(400);
      expect(res.body.token).toBeUndefined();
    }
    for (const body of [
      { credential: attackerSigned, googleId: '1234567890', email },
      { credential: 'not-a-jwt', googleId: '1234567890', email },
      {
        credential: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ email, email_verified: true, sub: '1' })).toString('base64url')}.`,
        email,
      },
    ]) {
      for (const path of ['/api/users/google-login', '/api/users/google-signin']) {
        const res = await stack.http().post(path).send(body);
        expect(res.status).toBe(401);
        expect(res.body.token).toBeUndefined();
      }
    }
    expect(await database(stack).collection('users').countDocuments({ email })).toBe(0);
  });
});
