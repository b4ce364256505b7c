import type { AuthProvider } from 'react-admin';
import { ADMIN_BASENAME } from '../lib/paths';
import { createHttpClient, type HttpClient } from '../dataProvider/httpClient';
import { browserStore, clearSession, isAdminSession, readSession, SESSION_KEYS, writeSession, type KeyValueStore } from './session';
import { announceSessionExpired } from './sessionExpiry';
import type { SignInAnswer } from '../lib/api-types';

export interface AuthProviderOptions {
  store?: () => KeyValueStore | undefined;
  http?: HttpClient;
  /** window.location, injectable for tests. */
  location?: () => Pick<Location, 'origin' | 'pathname' | 'search'>;
  /** Empties all browser storage on an explicit logout (spec section 4). */
  clearAll?: () => void;
  /** Told when a call answers 401 while a session is stored (default: the SessionExpiredDialog's event). */
  sessionExpired?: () => void;
}

/**
 * The storefront's sign-in page (a full page load, as the spec sends non-admins to /login). A guest is
 * sent back to the console page they asked for; a signed-in non-admin gets plain /login, because the
 * storefront sends signed-in users straight to `redirect` and that would bounce them back here.
 */
export function storefrontLoginUrl(origin: string, signedIn: boolean, adminPath: string): string {
  if (signedIn) return `${origin}/login`;
  const target = adminPath.startsWith(ADMIN_BASENAME) ? adminPath : ADMIN_BASENAME;
  return `${origin}/login?${new URLSearchParams({ redirect: target }).toString()}`;
}

export function createAuthProvider(options: AuthProviderOptions = {}): AuthProvider {
  const store = options.store ?? browserStore;
  const http = options.http ?? createHttpClient(store);
  const location = options.location ?? (() => window.location);
  const clearAll = options.clearAll ?? (() => store() && 'clear' in (store() as Storage) && (store() as Storage).clear());
  const sessionExpired = options.sessionExpired ?? announceSessionExpired;

  /** Rejection that makes react-admin leave for the storefront's /login (absolute URL: a full page load). */
  const refusal = (sessionGone = false) => {
    const here = location();
    const signedIn = !sessionGone && !!readSession(store());
    return { redirectTo: storefrontLoginUrl(here.origin, signedIn, `${here.pathname}${here.search}`), message: false as const };
  };

  return {
    async login(params: { username?: string; email?: string; password?: string }) {
      const email = params.email ?? params.username ?? '';
      const { json } = await http('/api/users/auth', { method: 'POST', body: JSON.stringify({ email, password: params.password ?? '' }) });
      const answer = json as SignInAnswer;
      if (!answer.isAdmin) throw new Error('This account is not an admin.');
      const { token, expiresAt, ...user } = answer;
      writeSession({ token, user, expiresAt: Date.parse(expiresAt) || Date.now() + 30 * 24 * 3600 * 1000 }, store());
    },

    /**
     * Called for an explicit logout and also when checkAuth fails (react-admin does not always pass the
     * rejection's redirectTo along), so the destination is decided here: an admin who logs out goes to
     * the shop's home; a guest or an expired session goes to /login?redirect=<this page>.
     */
    async logout() {
      const session = readSession(store());
      // A signed-in customer who wandered into /admin keeps their storefront session. (Returning false
      // here would also cancel react-admin's redirect to the storefront's /login.)
      if (session && !session.user.isAdmin) return `${location().origin}/login`;
      if (session) {
        try {
          await http('/api/users/logout', { method: 'POST' });
        } catch (error) {
          console.error('Logout failed', error);
        }
        clearAll();
        clearSession(store());
        return `${location().origin}/`;
      }
      clearSession(store());
      return refusal(true).redirectTo;
    },

    checkAuth() {
      // react-admin reads redirectTo and message: false off the rejection value, which is therefore no Error.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      return isAdminSession(readSession(store())) ? Promise.resolve() : Promise.reject(refusal());
    },

    /**
     * A 401 with a session stored (expired or revoked on the server mid-session) keeps the page and asks for
     * a new sign-in there, so an edit in progress is not lost; a 401 without any session goes to /login.
     */
    checkError(error: { status?: number }) {
      if (error?.status !== 401) return Promise.resolve();
      if (store()?.getItem(SESSION_KEYS.token)) {
        sessionExpired();
        return Promise.resolve();
      }
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- react-admin reads redirectTo off the rejection value
      return Promise.reject(refusal(true));
    },

    getIdentity() {
      const session = readSession(store());
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- react-admin reads redirectTo off the rejection value
      if (!session) return Promise.reject(refusal());
      return Promise.resolve({ id: session.user._id, fullName: session.user.username, avatar: session.user.photoURL ?? undefined });
    },

    getPermissions() {
      return Promise.resolve(isAdminSession(readSession(store())) ? 'admin' : 'none');
    },

    canAccess() {
      return Promise.resolve(isAdminSession(readSession(store())));
    },
  };
}

export const authProvider = createAuthProvider();
