import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createAccount, type TestAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';
import { profileOf } from './support';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * Each forged token is used for a write (PUT /api/users/profile renaming the victim) and must answer 401;
 * the victim's own read afterwards shows the username untouched.
 */
describe('security: tokens', () => {
  let stack: TestStack;
  let victim: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    victim = await createAccount(stack);
  });
  afterAll(() => stack?.stop());

  const claimsOf = (account: TestAccount) => decodeJwt(account.token);

  async function refusedAndUntouched(token: string, account: TestAccount = victim): Promise<void> {
    const before = await profileOf(stack, account);
    const write = await stack.http().put('/api/users/profile').set('Authorization', `Bearer ${token}`).send({ username: 'pwned by token' });
    expect(write.status).toBe(401);
    const read = await stack.http().get('/api/users/profile').set('Authorization', `Bearer ${token}`);
    expect(read.status).toBe(401);
    expect(JSON.stringify(read.body)).not.toContain(account.email);
    if (account.token !== token) expect(await profileOf(stack, account)).toEqual(before);
  }

  it('control: the genuine token can rename its own account', async () => {
    const own = await createAccount(stack);
    const res = await stack.http().put('/api/users/profile').set('Authorization', own.bearer).send({ username: 'renamed fine' });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('renamed fine');
  });

  it('alg none (unsigned, empty signature) answers 401', async () => {
    await refusedAndUntouched(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(victim))}.`);
  });

  it('alg "NONE" / "None" spellings answer 401', async () => {
    await refusedAndUntouched(`${b64({ alg: 'None', typ: 'JWT' })}.${b64(claimsOf(victim))}.`);
    await refusedAndUntouched(`${b64({ alg: 'NONE' })}.${b64(claimsOf(victim))}.${victim.token.split('.')[2]}`);
  });

  it('HS256 signed with a guessable secret ("secret") answers 401', async () => {
    for (const guess of ['secret', 'changeme', 'jwt-secret', 'threadline-shop', '']) {
      const forged = await new SignJWT({ ...claimsOf(victim) }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(utf8(guess));
      await refusedAndUntouched(forged);
    }
  });

  it('a tampered payload (another user id, admin claim) with the original signature answers 401', async () => {
    const attacker = await createAccount(stack);
    const [header, , signature] = attacker.token.split('.');
    await refusedAndUntouched(`${header}.${b64({ ...claimsOf(attacker), sub: victim.id })}.${signature}`);
    await refusedAndUntouched(`${header}.${b64({ ...claimsOf(victim), isAdmin: true })}.${victim.token.split('.')[2]}`);
  });

  it('an expired token signed with the real secret answers 401', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ ...claimsOf(victim), iat: past - 60, exp: past, iatMs: Date.now() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(utf8(stack.config.jwtSecret));
    await refusedAndUntouched(expired);
    // the same construction with a future exp is accepted: it is the expiry that is refused
    const valid = await new SignJWT({ ...claimsOf(victim), iatMs: Date.now() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(utf8(stack.config.jwtSecret));
    await stack.http().get('/api/users/profile').set('Authorization', `Bearer ${valid}`).expect(200);
  });

  it('a real-secret token with another issuer or audience answers 401', async () => {
    for (const override of [{ iss: 'someone-else' }, { aud: 'another-app' }]) {
      const forged = await new SignJWT({ ...claimsOf(victim), ...override }).setProtectedHeader({ alg: 'HS256' }).sign(utf8(stack.config.jwtSecret));
      await refusedAndUntouched(forged);
    }
  });

  it('jku and x5u pointing at an attacker key set answer 401', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    for (const header of [
      { alg: 'RS256', jku: 'https://attacker.example/jwks.json', kid: 'evil' },
      { alg: 'RS256', x5u: 'https://attacker.example/cert.pem' },
    ]) {
      const forged = await new SignJWT({ ...claimsOf(victim) }).setProtectedHeader(header).sign(privateKey);
      await refusedAndUntouched(forged);
    }
  });

  it('an embedded jwk (attacker public key in the header) answers 401', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...claimsOf(victim) }).setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(publicKey) }).sign(privateKey);
    await refusedAndUntouched(forged);
  });

  it('kid tricks (path traversal to an empty file, injection) with a matching HMAC answer 401', async () => {
    for (const [kid, key] of [
      ['../../../../../../dev/null', ''],
      ["x' UNION SELECT 'secret", 'secret'],
      ['/proc/self/environ', 'secret'],
    ]) {
      const forged = await new SignJWT({ ...claimsOf(victim) }).setProtectedHeader({ alg: 'HS256', kid }).sign(utf8(key));
      await refusedAndUntouched(forged);
    }
  });

  it('a token after logout answers 401', async () => {
    const account = await createAccount(stack);
    const spare = await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(200);
    await stack.http().post('/api/users/logout').set('Authorization', account.bearer).expect(200);
    await refusedAndUntouched(account.token, { ...account, token: spare.body.token, bearer: `Bearer ${spare.body.token}` });
  });

  it('a token issued before a password change answers 401; the new one works', async () => {
    const account = await createAccount(stack);
    const old = account.token;
    const changed = await stack
      .http()
      .put('/api/users/profile')
      .set('Authorization', account.bearer)
      .send({ password: 'a brand new password', currentPassword: account.password });
    expect(changed.status).toBe(200);
    const fresh = { ...account, token: changed.body.token as string, bearer: `Bearer ${changed.body.token as string}` };
    await refusedAndUntouched(old, fresh);
  });

  it('garbage, over-long and wrongly-framed bearer values answer 401 without a server error', async () => {
    for (const token of ['x', 'a.b.c', `${'a'.repeat(5000)}.b.c`, '{"$ne":null}', victim.token.split('.').slice(0, 2).join('.')]) {
      await refusedAndUntouched(token);
    }
  });
});
