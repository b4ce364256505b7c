import { Types } from 'mongoose';
import type { SessionUser } from '@shop/database';
import { FreshCache } from './fresh-cache';

const user = (username: string): SessionUser => ({
  _id: new Types.ObjectId(),
  username,
  email: `${username}@example.com`,
  isAdmin: false,
  isDistributor: false,
  tokensValidAfter: new Date(0),
});

describe('FreshCache (the session and stock-view caches)', () => {
  it('keeps an account for its lifetime only', () => {
    let now = 1000;
    const cache = new FreshCache<SessionUser>(500, 10, () => now);
    cache.store('u1', user('ann'), cache.begin());
    expect(cache.get('u1')?.username).toBe('ann');
    now += 499;
    expect(cache.get('u1')?.username).toBe('ann');
    now += 1;
    expect(cache.get('u1')).toBeUndefined();
  });

  it('never keeps what a read that began before a change brought back', () => {
    const cache = new FreshCache<SessionUser>(5000);
    const generation = cache.begin();
    // The account changes (and is dropped) while the read is under way: the old copy is not kept.
    cache.drop(['u1']);
    cache.store('u1', user('old name'), generation);
    expect(cache.get('u1')).toBeUndefined();
    cache.store('u1', user('new name'), cache.begin());
    expect(cache.get('u1')?.username).toBe('new name');
  });

  it('drops the named accounts, or every account', () => {
    const cache = new FreshCache<SessionUser>(5000);
    for (const id of ['u1', 'u2', 'u3']) cache.store(id, user(id), cache.begin());
    cache.drop(['u2']);
    expect([cache.get('u1'), cache.get('u2'), cache.get('u3')].map((u) => u?.username)).toEqual(['u1', undefined, 'u3']);
    cache.drop(undefined);
    expect([cache.get('u1'), cache.get('u3')]).toEqual([undefined, undefined]);
  });

  it('stays within its size, forgetting the oldest first; a lifetime of 0 keeps nothing', () => {
    const cache = new FreshCache<SessionUser>(5000, 2);
    for (const id of ['u1', 'u2', 'u3']) cache.store(id, user(id), cache.begin());
    expect([cache.get('u1'), cache.get('u2'), cache.get('u3')].map((u) => u?.username)).toEqual([undefined, 'u2', 'u3']);
    const off = new FreshCache<SessionUser>(0);
    off.store('u1', user('ann'), off.begin());
    expect(off.get('u1')).toBeUndefined();
  });
});
