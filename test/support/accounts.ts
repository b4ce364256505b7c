import { getConnectionToken } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { TestStack } from './test-stack';

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  username: string;
  token: string;
  /** Authorization header value. */
  bearer: string;
}

export type AccountRole = 'customer' | 'admin' | 'distributor';

/**
 * Registers a user through the real API and signs in. Admins and distributors are promoted directly in
 * the database (there is no public way to become one), then signed in again so the token is fresh.
 */
export async function createAccount(stack: TestStack, role: AccountRole = 'customer', overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'username'>> = {}): Promise<TestAccount> {
  const tag = randomBytes(4).toString('hex');
  const email = overrides.email ?? `${role}-${tag}@example.com`;
  const password = overrides.password ?? `pw-${tag}-long-enough`;
  const username = overrides.username ?? `${role} ${tag}`;
  const registered = await stack.http().post('/api/users').send({ username, email, password });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  if (role !== 'customer') {
    const db = stack.app.get<Connection>(getConnectionToken());
    await db.collection('users').updateOne({ email }, { $set: role === 'admin' ? { isAdmin: true } : { isDistributor: true, storeName: `Store ${tag}` } });
  }
  const login = await stack.http().post('/api/users/auth').send({ email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: login.body._id, email, password, username, token: login.body.token, bearer: `Bearer ${login.body.token}` };
}
