import { SetMetadata } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { hasAuthCookie } from '../auth/auth-cookie';

export const PUBLIC_CACHE = 'shop:public-cache';

export interface PublicCacheOptions {
  /**
   * A signed-in caller may get more here than a guest (the owner of an unpublished product sees it): only
   * guests' answers are kept. Without it a plain customer's answer, being a guest's, is kept too.
   */
  ownersSeeMore?: boolean;
}

/**
 * Marks a public catalog GET whose answer is the same for every guest: the whole answer (bytes and the headers
 * its handler set) is kept in the catalog cache, and later callers who get a guest's answer are answered from it
 * by PublicCacheInterceptor (after the guards and the throttler) until a catalog write. Its guests' answers are
 * also sent with a public Cache-Control, so a CDN or a reverse proxy may keep them for a few seconds.
 */
export const PublicCache = (options: PublicCacheOptions = {}): MethodDecorator => SetMetadata(PUBLIC_CACHE, options);

/**
 * For a shared cache (CDN, reverse proxy): fresh for 5 s, then served stale for up to 30 s while it revalidates
 * (If-None-Match: a 304 costs no body). Browsers revalidate every time (max-age=0).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
/** A guest's answer to a caller who sent credentials: the caller's browser may keep it and revalidate it, nobody else. */
export const PRIVATE_REVALIDATE = 'private, no-cache';
/** An answer that may hold what only this caller sees (an admin's drafts, an owner's pending product). */
export const PRIVATE_NO_STORE = 'private, no-store';

/** What a @PublicCache() route answers this caller, as resolved by the authentication guard. */
export type CatalogView = 'guest' | 'personal';

/**
 * Whether the answer is the one every guest gets: a guest (a bad or revoked token makes one), or a customer who
 * is neither admin nor distributor (they may see drafts and pending products), except on routes where an owner
 * sees more (a plain customer may still own an unpublished product: a former distributor).
 */
export function catalogView(user: { isAdmin: boolean; isDistributor: boolean } | undefined, options: PublicCacheOptions): CatalogView {
  if (user === undefined) return 'guest';
  if (user.isAdmin || user.isDistributor || options.ownersSeeMore === true) return 'personal';
  return 'guest';
}

/** Whether the request carries credentials (a bearer token or the session cookie), valid or not. */
export function sendsCredentials(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined || hasAuthCookie(headers.cookie);
}

/**
 * The Cache-Control of a @PublicCache() answer: public only when the request carried no credentials and the
 * answer is a guest's (shared caches must also key it by Authorization and Cookie: see the Vary the interceptor
 * sends); a guest's answer to a signed-in caller stays in that caller's browser; a personal answer is never kept.
 */
export function catalogCacheControl(view: CatalogView, headers: IncomingHttpHeaders): string {
  if (view === 'personal') return PRIVATE_NO_STORE;
  return sendsCredentials(headers) ? PRIVATE_REVALIDATE : PUBLIC_CACHE_CONTROL;
}

/**
 * Headers that are set for each request anew and never replayed from the cache: the request id and the rate
 * limit (set by their middleware and guard before the interceptor runs, and set again on a hit), the caching
 * headers (chosen per caller), the length (computed when sent) and the connection's.
 */
const PER_REQUEST_HEADERS =
  /^(x-request-id|x-ratelimit-.*|retry-after.*|date|connection|keep-alive|transfer-encoding|content-length|set-cookie|cache-control|vary)$/i;

/** The headers of an answer that its handler (or Express when sending it) set after `before`, to replay on a hit. */
export function replayableHeaders(
  headers: Record<string, number | string | string[] | undefined>,
  before: Record<string, number | string | string[] | undefined> = {},
): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_REQUEST_HEADERS.test(name) || before[name] === value) continue;
    kept[name] = typeof value === 'number' ? String(value) : value;
  }
  return kept;
}
