import type { UserInfo } from '../lib/api-types';

export type { UserInfo };

/**
 * The signed-in session, kept in the same browser-storage keys as the storefront (spec section 3):
 * token, userInfo (JSON) and expirationTime (milliseconds since the epoch).
 */
export const SESSION_KEYS = { token: 'token', userInfo: 'userInfo', expirationTime: 'expirationTime' } as const;

export interface Session {
  token: string;
  user: UserInfo;
  expiresAt: number;
}

/** The part of the Storage interface the session needs, so tests can pass a Map-backed fake. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserStore(): KeyValueStore | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function parseExpiry(raw: string | null): number {
  if (!raw) return 0;
  const n = Number(raw);
  if (Number.isFinite(n)) return n;
  const parsed = Date.parse(JSON.parse(raw) as string);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** The stored session, or undefined when there is none, it is unreadable or it has expired. */
export function readSession(store: KeyValueStore | undefined = browserStore(), now = Date.now()): Session | undefined {
  if (!store) return undefined;
  const token = store.getItem(SESSION_KEYS.token);
  const rawUser = store.getItem(SESSION_KEYS.userInfo);
  if (!token || !rawUser) return undefined;
  let user: UserInfo;
  try {
    user = JSON.parse(rawUser) as UserInfo;
  } catch {
    return undefined;
  }
  if (!user || typeof user !== 'object' || typeof user._id !== 'string') return undefined;
  let expiresAt: number;
  try {
    expiresAt = parseExpiry(store.getItem(SESSION_KEYS.expirationTime));
  } catch {
    expiresAt = 0;
  }
  if (expiresAt && expiresAt <= now) return undefined;
  return { token, user, expiresAt };
}

export function writeSession(session: Session, store: KeyValueStore | undefined = browserStore()): void {
  if (!store) return;
  store.setItem(SESSION_KEYS.token, session.token);
  store.setItem(SESSION_KEYS.userInfo, JSON.stringify(session.user));
  store.setItem(SESSION_KEYS.expirationTime, String(session.expiresAt));
}

export function clearSession(store: KeyValueStore | undefined = browserStore()): void {
  if (!store) return;
  for (const key of Object.values(SESSION_KEYS)) store.removeItem(key);
}

export function isAdminSession(session: Session | undefined): session is Session {
  return !!session && session.user.isAdmin === true;
}
