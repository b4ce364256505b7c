import { getConnectionToken } from '@nestjs/mongoose';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connection } from 'mongoose';
import { createAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

interface GoogleClaims {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

describe('identity: Google sign-in against a local JWKS', () => {
  let stack: TestStack;
  let jwks: Server;
  let googleKey: KeyLike;
  let strangerKey: KeyLike;
  let jwksHits = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    googleKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      jwksHits += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    stack = await startTestStack({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` } });
  });
  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => jwks?.close(resolve));
  });

  function credential(
    claims: GoogleClaims,
    options: { key?: KeyLike; kid?: string; audience?: string; issuer?: string; expiresIn?: string | number } = {},
  ): Promise<string> {
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.key ?? googleKey);
  }

  it('signs in with a valid credential signed by the test key (200), creating the account keyed by sub', async () => {
    const token = await credential({ sub: 'google-sub-1', email: 'gina@example.com', name: 'Gina' });
    const res = await stack
      .http()
      .post('/api/users/google-login')
      .send({
        credential: token,
        googleId: 'google-sub-1',
        email: 'gina@example.com',
        username: 'Gina G',
        photoURL: 'https://lh3.example.com/photo.jpg',
      })
      .expect(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        email: 'gina@example.com',
        username: 'Gina G',
        isAdmin: false,
        photoURL: 'https://lh3.example.com/photo.jpg',
        token: expect.any(String),
        expiresAt: expect.any(String),
      }),
    );
    expect(String(res.headers['set-cookie'])).toMatch(/jwt=/);
    expect(jwksHits).toBeGreaterThan(0);
    await stack.http().get('/api/users/profile').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    // google-signin with the same subject lands on the same account
    const again = await stack
      .http()
      .post('/api/users/google-signin')
      .send({ credential: await credential({ sub: 'google-sub-1', email: 'gina@example.com' }) })
      .expect(200);
    expect(again.body._id).toBe(res.body._id);
    const db = stack.app.get<Connection>(getConnectionToken());
    const stored = await db.collection('users').findOne({ email: 'gina@example.com' });
    expect(stored?.googleSub).toBe('google-sub-1');
    expect(stored?.passwordHash).toBeUndefined();
  });

  it('google-login signs a new Google user up, then signs the same account in; google-signin lands on it too, and the folded /google is gone', async () => {
    const first = await stack
      .http()
      .post('/api/users/google-login')
      .send({ credential: await credential({ sub: 'google-sub-current', email: 'jo@example.com', name: 'Jo' }) })
      .expect(200);
    expect(first.body).toEqual(
      expect.objectContaining({ email: 'jo@example.com', username: 'Jo', isAdmin: false, token: expect.any(String), expiresAt: expect.any(String) }),
    );
    expect(String(first.headers['set-cookie'])).toMatch(/jwt=/);
    expect(first.headers.deprecation).toBeUndefined();
    await stack.http().get('/api/users/profile').set('Authorization', `Bearer ${first.body.token}`).expect(200);
    for (const path of ['/api/users/google-login', '/api/users/google-signin']) {
      const res = await stack
        .http()
        .post(path)
        .send({ credential: await credential({ sub: 'google-sub-current', email: 'jo@example.com' }) })
        .expect(200);
      expect(res.body._id).toBe(first.body._id);
    }
    const db = stack.app.get<Connection>(getConnectionToken());
    expect(await db.collection('users').countDocuments({ email: 'jo@example.com' })).toBe(1);
    const forged = await stack
      .http()
      .post('/api/users/google-signin')
      .send({ credential: await credential({ sub: 'x', email: 'jo@example.com' }, { key: strangerKey }) })
      .expect(401);
    expect(forged.body.code).toBe('INVALID_GOOGLE_CREDENTIAL');
    // POST /api/users/google duplicated the spec's two paths and was folded into them (issue #41).
    await stack
      .http()
      .post('/api/users/google')
      .send({ credential: await credential({ sub: 'google-sub-current', email: 'jo@example.com' }) })
      .expect(404);
  });

  it('links to an existing account with the same verified e-mail', async () => {
    const account = await createAccount(stack);
    const res = await stack
      .http()
      .post('/api/users/google-signin')
      .send({ credential: await credential({ sub: 'google-sub-link', email: account.email }) })
      .expect(200);
    expect(res.body._id).toBe(account.id);
    // and the password still works
    await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(200);
  });

  it('answers 401 for forged credentials and for body fields without a credential', async () => {
    const victim = await createAccount(stack);
    const cases: Array<Promise<string> | string> = [
      credential({ sub: 'x', email: victim.email }, { key: strangerKey }), // signed by someone else
      credential({ sub: 'x', email: victim.email }, { audience: 'other-client' }),
      credential({ sub: 'x', email: victim.email }, { issuer: 'https://evil.example.com' }),
      credential({ sub: 'x', email: victim.email }, { expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
      credential({ sub: 'x', email: victim.email, email_verified: false }),
      credential({ sub: 'x', email: victim.email }, { kid: 'unknown-kid' }),
      'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      'garbage',
    ];
    for (const pending of cases) {
      const res = await stack
        .http()
        .post('/api/users/google-login')
        .send({ credential: await pending, googleId: 'x', email: victim.email, username: 'Eve' });
      expect(res.status).toBe(401);
      expect(res.body.token).toBeUndefined();
    }
    // the spec's fields alone, with no credential, are never enough
    await stack.http().post('/api/users/google-login').send({ googleId: 'x', email: victim.email, username: 'Eve' }).expect(400);
    const db = stack.app.get<Connection>(getConnectionToken());
    expect((await db.collection('users').findOne({ email: victim.email }))?.googleSub).toBeUndefined();
  });

  it('answers 401 when googleId or email in the body do not match the credential', async () => {
    const token = await credential({ sub: 'google-sub-2', email: 'hal@example.com' });
    await stack.http().post('/api/users/google-login').send({ credential: token, googleId: 'someone-else' }).expect(401);
    await stack.http().post('/api/users/google-login').send({ credential: token, email: 'other@example.com' }).expect(401);
  });

  it('accepts photoURL only as an https URL', async () => {
    const token = await credential({ sub: 'google-sub-3', email: 'ivy@example.com' });
    for (const photoURL of ['http://example.com/a.png', 'javascript:alert(1)', 'file:///etc/passwd', 'data:image/png;base64,AAAA']) {
      await stack.http().post('/api/users/google-login').send({ credential: token, photoURL }).expect(400);
    }
  });
});

describe('identity: Google sign-in without GOOGLE_CLIENT_ID', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 503 with a clear message', async () => {
    const res = await stack.http().post('/api/users/google-login').send({ credential: 'x.y.z' }).expect(503);
    expect(res.body.message).toBe('Google sign-in is not configured');
    for (const path of ['/api/users/google-signin']) {
      expect((await stack.http().post(path).send({ credential: 'x.y.z' }).expect(503)).body.code).toBe('GOOGLE_NOT_CONFIGURED');
    }
  });

  it('routes the literal Google paths before /api/users/:id', async () => {
    const admin = await createAccount(stack, 'admin');
    // GET has no Google route: it reaches the admin's /:id, which takes the path for a malformed user id
    expect((await stack.http().get('/api/users/google-login').set('Authorization', admin.bearer).expect(404)).body.code).toBe('USER_NOT_FOUND');
    // POST is the spec path, not a user
    expect(
      (await stack.http().post('/api/users/google-login').set('Authorization', admin.bearer).send({ credential: 'x.y.z' }).expect(503)).body.code,
    ).toBe('GOOGLE_NOT_CONFIGURED');
  });
});
