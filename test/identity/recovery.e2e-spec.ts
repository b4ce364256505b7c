import { getConnectionToken } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { createAccount } from '../support/fixtures';
import { readOutbox, type OutboxMail } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

describe('identity: password reset and account deletion (with the worker and the mail outbox)', () => {
  let stack: TestStack;
  let db: Connection;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
    db = stack.app.get<Connection>(getConnectionToken());
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** The newest mail to `to` whose subject matches, once the worker has written it. */
  const mailTo = (to: string, subject: RegExp): Promise<OutboxMail> =>
    until(
      async () => (await readOutbox(stack.config.outboxDir)).reverse().find((m) => m.to.includes(to) && subject.test(m.subject)),
      15_000,
      `mail to ${to}`,
    );
  const tokenFrom = (mail: OutboxMail, path: string): string => {
    const link = mail.links.find((l) => l.startsWith(`http://shop.test/${path}/`));
    if (!link) throw new Error(`no ${path} link in ${mail.text}`);
    return link.slice(`http://shop.test/${path}/`.length);
  };

  describe('forgot-password and reset-password', () => {
    it('answers alike for a known and an unknown e-mail, and mails only the known one', async () => {
      const account = await createAccount(stack);
      const known = await stack.http().post('/api/users/forgot-password').send({ email: account.email }).expect(200);
      const unknown = await stack.http().post('/api/users/forgot-password').send({ email: 'nobody-here@example.com' }).expect(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body.message).toMatch(/reset link/);
      const mail = await mailTo(account.email, /Reset your password/);
      expect(tokenFrom(mail, 'reset-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await readOutbox(stack.config.outboxDir)).some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
      await stack
        .http()
        .post('/api/users/forgot-password')
        .send({ email: { $ne: null } })
        .expect(400);
    });

    it('stores only a hash of the token, valid for one hour', async () => {
      const account = await createAccount(stack);
      await stack.http().post('/api/users/forgot-password').send({ email: account.email }).expect(200);
      const token = tokenFrom(await mailTo(account.email, /Reset your password/), 'reset-password');
      const stored = await db.collection('user_tokens').findOne({ userId: new Types.ObjectId(account.id), purpose: 'reset' });
      expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(token);
      const ttl = (stored?.expiresAt as Date).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(59 * 60_000);
      expect(ttl).toBeLessThanOrEqual(60 * 60_000);
    });

    it('resets once, voids tokens issued before, and answers 400 the second time', async () => {
      const account = await createAccount(stack);
      const otherSession = await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(200);
      await stack.http().post('/api/users/forgot-password').send({ email: account.email }).expect(200);
      const token = tokenFrom(await mailTo(account.email, /Reset your password/), 'reset-password');

      await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'short' }).expect(400);
      await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'brand new password' }).expect(200);
      const again = await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'yet another password' }).expect(400);
      expect(again.body.message).toBe('This password reset link is invalid or has expired');

      // tokens issued before the reset answer 401
      await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(401);
      await stack.http().get('/api/users/profile').set('Authorization', `Bearer ${otherSession.body.token}`).expect(401);
      // the old password is gone, the new one works and gives a working token
      await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(401);
      const fresh = await stack.http().post('/api/users/auth').send({ email: account.email, password: 'brand new password' }).expect(200);
      await stack.http().get('/api/users/profile').set('Authorization', `Bearer ${fresh.body.token}`).expect(200);
    });

    it('answers 400 for unknown, malformed and expired tokens', async () => {
      await stack
        .http()
        .post(`/api/users/reset-password/${'A'.repeat(43)}`)
        .send({ password: 'long enough pw' })
        .expect(400);
      await stack.http().post('/api/users/reset-password/abc').send({ password: 'long enough pw' }).expect(400);
      const account = await createAccount(stack);
      await stack.http().post('/api/users/forgot-password').send({ email: account.email }).expect(200);
      const token = tokenFrom(await mailTo(account.email, /Reset your password/), 'reset-password');
      await db
        .collection('user_tokens')
        .updateOne({ tokenHash: createHash('sha256').update(token).digest('hex') }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      await stack.http().post(`/api/users/reset-password/${token}`).send({ password: 'long enough pw' }).expect(400);
      await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(200);
    });
  });

  describe('request-deletion and confirm-deletion', () => {
    it('needs a signed-in user', async () => {
      await stack.http().post('/api/users/request-deletion').expect(401);
    });

    it('mails a link that, followed, removes the account, its cart and favourites, and keeps its orders anonymised', async () => {
      const account = await createAccount(stack);
      const userId = new Types.ObjectId(account.id);
      await db.collection('carts').insertOne({ user: userId, items: [] });
      await db.collection('orders').insertOne({
        user: userId,
        items: [],
        shippingAddress: { fullName: 'Real Name', address: '1 Main St', city: 'Town', postalCode: '12345', country: 'US', phone: '555-0100' },
        totalCents: 1999,
        status: 'delivered',
      });

      const res = await stack.http().post('/api/users/request-deletion').set('Authorization', account.bearer).expect(202);
      expect(res.body.message).toBe('A verification email has been sent. Please check your email to confirm account deletion.');
      // not deleted yet
      await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(200);

      const mail = await mailTo(account.email, /Confirm the deletion/);
      const token = tokenFrom(mail, 'verify-deletion');
      const stored = await db.collection('user_tokens').findOne({ userId, purpose: 'deletion' });
      const ttl = (stored?.expiresAt as Date).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(23.9 * 3600_000);
      expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

      await stack.http().post(`/api/users/confirm-deletion/${token}`).expect(200);

      expect(await db.collection('users').countDocuments({ _id: userId })).toBe(0);
      expect(await db.collection('carts').countDocuments({ user: userId })).toBe(0);
      const order = await db.collection('orders').findOne({ user: userId });
      expect(order?.totalCents).toBe(1999);
      expect(JSON.stringify(order)).not.toMatch(/Real Name|Main St|555-0100/);
      expect(order?.shippingAddress.fullName).toBe('Deleted user');
      // every token is revoked, the link is used up, and the password no longer signs in
      await stack.http().get('/api/users/profile').set('Authorization', account.bearer).expect(401);
      await stack.http().post(`/api/users/confirm-deletion/${token}`).expect(400);
      await stack.http().post('/api/users/auth').send({ email: account.email, password: account.password }).expect(401);
    });

    it('answers 400 for an unknown or a reset token', async () => {
      await stack
        .http()
        .post(`/api/users/confirm-deletion/${'B'.repeat(43)}`)
        .expect(400);
      await stack.http().post('/api/users/confirm-deletion/%24ne').expect(400);
    });

    it('does not let the last admin delete itself, but lets one of two admins', async () => {
      await db.collection('users').updateMany({ isAdmin: true }, { $set: { isAdmin: false } });
      const admin = await createAccount(stack, 'admin');
      const refused = await stack.http().post('/api/users/request-deletion').set('Authorization', admin.bearer).expect(400);
      expect(refused.body.message).toBe('The last admin cannot delete their account');

      const second = await createAccount(stack, 'admin');
      await stack.http().post('/api/users/request-deletion').set('Authorization', admin.bearer).expect(202);
      const token = tokenFrom(await mailTo(admin.email, /Confirm the deletion/), 'verify-deletion');
      // the other admin is demoted meanwhile: the link no longer deletes the last admin
      await db.collection('users').updateOne({ _id: new Types.ObjectId(second.id) }, { $set: { isAdmin: false } });
      await stack.http().post(`/api/users/confirm-deletion/${token}`).expect(400);
      await db.collection('users').updateOne({ _id: new Types.ObjectId(second.id) }, { $set: { isAdmin: true } });
      await stack.http().post(`/api/users/confirm-deletion/${token}`).expect(200);
      expect(await db.collection('users').countDocuments({ isAdmin: true })).toBe(1);
    });
  });
});
