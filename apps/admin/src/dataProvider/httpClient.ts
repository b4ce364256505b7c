import { fetchUtils } from 'react-admin';
import { browserStore, readSession, type KeyValueStore } from '../authProvider/session';

export type HttpClient = typeof fetchUtils.fetchJson;

/**
 * fetchUtils.fetchJson with the headers every console call carries: the stored bearer token and
 * X-Requested-With (the API's CSRF defence for cookie-authenticated writes). Cookies go along too
 * (same origin), as the spec says for every request.
 */
export function createHttpClient(store: () => KeyValueStore | undefined = browserStore): HttpClient {
  return (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    headers.set('X-Requested-With', 'XMLHttpRequest');
    const session = readSession(store());
    if (session) headers.set('Authorization', `Bearer ${session.token}`);
    return fetchUtils.fetchJson(url, { credentials: 'same-origin', ...options, headers });
  };
}

/** The message a person should see for a failed call: the API's `message`, else the error text, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const body = (error as { body?: unknown }).body;
    if (body && typeof body === 'object') {
      const message = (body as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
      if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    }
    const text = (error as { message?: unknown }).message;
    if (typeof text === 'string' && text && text !== 'Failed to fetch') return text;
  }
  return fallback;
}
