/**
 * A 401 in the middle of a session (token expired or revoked) must not throw away what the owner is editing
 * (issue #23, defect 11d). The auth provider announces it instead of leaving for /login, and the layout's
 * SessionExpiredDialog signs the owner in again on the same page, with the form untouched.
 */
export const SESSION_EXPIRED_EVENT = 'admin:session-expired';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Sign in again to continue.';

export function announceSessionExpired(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

/** Calls `listener` on each announcement; returns the unsubscribe function. */
export function onSessionExpired(listener: () => void): () => void {
  window.addEventListener(SESSION_EXPIRED_EVENT, listener);
  return () => window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
}
