import { createHash, randomBytes } from 'node:crypto';

/** How long a mailed link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const DELETION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url (43 characters): what the mail's link carries. */
export function newOneTimeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: its SHA-256, hex. */
export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a path parameter can be one of our tokens at all (anything else is refused before a query). */
export function looksLikeOneTimeToken(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}
