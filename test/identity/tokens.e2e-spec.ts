import { SignJWT, decodeJwt } from 'jose';
import { createAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('identity: forged and revoked tokens answer 401', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const profile = (token: string) => stack.http().get('/api/users/profile').set('Authorization', `Bearer ${token}`);

  it('accepts the genuine token (control)', async () => {
    const account = await createAccount(stack);
    await profile(account.token).expect(200);
  });

  it('refuses a token with alg none', async () => {
    const account = await createAccount(stack);
    const claims = decodeJwt(account.token);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    await profile(unsigned).expect(401);
  });

  it('refuses a token whose payload was tampered with (another user id)', async () => {
    const victim = await createAccount(stack, 'admin');
    const attacker = await createAccount(stack);
    const [header, , signature] = attacker.token.split('.');
    const claims = { ...decodeJwt(attacker.token), sub: victim.id };
    const tampered = `${header}.${b64(claims)}.${signature}`;
    await profile(tampered).expect(401);
    await stack.http().get('/api/users').set('Authorization', `Bearer ${tampered}`).expect(401);
  });

  it('refuses a token signed with another secret', async () => {
    const account = await createAccount(stack);
    const claims = decodeJwt(account.token);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    await profile(forged).expect(401);
  });

  it('refuses a token after logout, while a token from another sign-in stays valid', async () => {
    const account = await createAccount(stack);
    const second = await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(200);
    await stack.http().post('/api/users/logout').set('Authorization', account.bearer).expect(200);
    await profile(account.token).expect(401);
    await profile(second.body.token).expect(200);
  });

  it('refuses garbage', async () => {
    await profile('not.a.token').expect(401);
    await profile('a'.repeat(5000)).expect(401);
  });
});
