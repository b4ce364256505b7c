import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../dataProvider/httpClient';
import { createAuthProvider, storefrontLoginUrl } from './authProvider';
import { readSession, type KeyValueStore } from './session';

function memoryStore(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  const store: KeyValueStore = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
  return { store, map };
}

const session = (isAdmin: boolean, expiresIn = 60_000) => ({
  token: 'tok',
  userInfo: JSON.stringify({ _id: 'u1', username: 'ann', email: 'ann@example.com', isAdmin }),
  expirationTime: String(Date.now() + expiresIn),
});

const at = (pathname: string) => () => ({ origin: 'http://shop.test', pathname, search: '' });

function setup(entries: Record<string, string>, pathname = '/admin/userlist') {
  const { store, map } = memoryStore(entries);
  const clearAll = vi.fn(() => map.clear());
  const provider = createAuthProvider({ store: () => store, http: createHttpClient(() => store), location: at(pathname), clearAll });
  return { provider, map, store, clearAll };
}

afterEach(() => vi.unstubAllGlobals());

describe('storefrontLoginUrl', () => {
  it('sends guests to /login with the console page as redirect, signed-in non-admins to plain /login', () => {
    expect(storefrontLoginUrl('http://shop.test', false, '/admin/userlist')).toBe('http://shop.test/login?redirect=%2Fadmin%2Fuserlist');
    expect(storefrontLoginUrl('http://shop.test', false, '/elsewhere')).toBe('http://shop.test/login?redirect=%2Fadmin');
    expect(storefrontLoginUrl('http://shop.test', true, '/admin/userlist')).toBe('http://shop.test/login');
  });
});

describe('authProvider', () => {
  it('lets a signed-in admin in', async () => {
    const { provider } = setup(session(true));
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    expect(await provider.getPermissions!({})).toBe('admin');
    expect(await provider.getIdentity!()).toMatchObject({ id: 'u1', fullName: 'ann' });
  });

  it('sends a non-admin to /login and leaves their storefront session alone', async () => {
    const { provider, map } = setup(session(false));
    await expect(provider.checkAuth({})).rejects.toEqual({ redirectTo: 'http://shop.test/login', message: false });
    expect(await provider.logout({})).toBe('http://shop.test/login');
    expect(map.get('token')).toBe('tok');
  });

  it('sends a guest, and an admin whose session expired, to /login?redirect=…', async () => {
    const guest = setup({});
    await expect(guest.provider.checkAuth({})).rejects.toMatchObject({ redirectTo: 'http://shop.test/login?redirect=%2Fadmin%2Fuserlist' });
    expect(await guest.provider.logout({})).toBe('http://shop.test/login?redirect=%2Fadmin%2Fuserlist');
    const expired = setup(session(true, -1000));
    await expect(expired.provider.checkAuth({})).rejects.toMatchObject({ redirectTo: expect.stringContaining('/login?redirect=') });
  });

  it('signs in through POST /api/users/auth and stores token, userInfo and expirationTime', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ _id: 'a1', id: 'a1', username: 'root', email: 'root@example.com', isAdmin: true, token: 'fresh', expiresAt }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { provider, store, map } = setup({});
    await provider.login({ username: 'root@example.com', password: 'secret-pass' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/auth');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'root@example.com', password: 'secret-pass' });
    expect(readSession(store)?.user.username).toBe('root');
    expect(map.get('token')).toBe('fresh');
    expect(map.get('expirationTime')).toBe(String(Date.parse(expiresAt)));
    expect(map.get('userInfo')).not.toContain('fresh');
  });

  it('refuses to sign a non-admin into the console', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ _id: 'c1', username: 'c', email: 'c@example.com', isAdmin: false, token: 't', expiresAt: new Date().toISOString() }),
            { status: 200 },
          ),
      ),
    );
    const { provider, map } = setup({});
    await expect(provider.login({ username: 'c@example.com', password: 'x' })).rejects.toThrow('not an admin');
    expect(map.has('token')).toBe(false);
  });

  it('logs an admin out on the server, empties storage and goes to the shop', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"Logged out successfully"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { provider, map, clearAll } = setup(session(true));
    expect(await provider.logout({})).toBe('http://shop.test/');
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/users/logout');
    expect(clearAll).toHaveBeenCalled();
    expect(map.size).toBe(0);
  });

  it('on a 401 mid-session stays on the page and announces the expiry; anything else is an ordinary error', async () => {
    const { store, map } = memoryStore(session(true));
    const sessionExpired = vi.fn();
    const provider = createAuthProvider({
      store: () => store,
      http: createHttpClient(() => store),
      location: at('/admin/coupons/1'),
      sessionExpired,
    });
    await expect(provider.checkError({ status: 401 })).resolves.toBeUndefined();
    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(map.get('token')).toBe('tok');
    await expect(provider.checkError({ status: 400 })).resolves.toBeUndefined();
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 without any stored session as signed out', async () => {
    const sessionExpired = vi.fn();
    const { store } = memoryStore({});
    const provider = createAuthProvider({ store: () => store, http: createHttpClient(() => store), location: at('/admin/userlist'), sessionExpired });
    await expect(provider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: expect.stringContaining('/login?redirect=') });
    expect(sessionExpired).not.toHaveBeenCalled();
  });
});
