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
 * Marks a public catalog GET whose answer is the same for every guest: the whole answer (bytes and
 * headers) is kept in the catalog cache and later guests are answered from it until a catalog write.
 */
export const PublicCache = (options: PublicCacheOptions = {}): MethodDecorator => SetMetadata(PUBLIC_CACHE, options);

/**
 * A same-origin guest GET, known as one without asking who calls: no bearer token and no session cookie (those
 * may be an admin's or an owner's, who see more; see CatalogFastPath for customers), and no Origin (a
 * cross-origin request gets CORS headers of its own).
 */
export function isSharedGuestRequest(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET') return false;
  if (headers.authorization !== undefined || headers.origin !== undefined) return false;
  return !hasAuthCookie(headers.cookie);
}

/**
 * True when the answer to this request, once the guard has resolved its caller (`user`), is the one every guest
 * gets: a same-origin GET by a guest (a bad or revoked token makes one) or by a customer who is neither admin nor
 * distributor (they may see drafts and pending products). A plain customer may still own an unpublished product
 * (a former distributor): the routes where that shows say so (PublicCacheOptions.ownersSeeMore).
 */
export function isGuestAnswer(method: string | undefined, headers: IncomingHttpHeaders, user: { isAdmin: boolean; isDistributor: boolean } | undefined): boolean {
  return method === 'GET' && headers.origin === undefined && (user === undefined || (!user.isAdmin && !user.isDistributor));
}

/** Headers that belong to one request and are never replayed from the cache. */
const PER_REQUEST_HEADERS = /^(x-request-id|x-ratelimit-.*|retry-after.*|date|connection|keep-alive|transfer-encoding|set-cookie)$/i;

export function replayableHeaders(headers: Record<string, number | string | string[] | undefined>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_REQUEST_HEADERS.test(name)) continue;
    kept[name] = typeof value === 'number' ? String(value) : value;
  }
  return kept;
}

/** The client address exactly as Express computes req.ip with 'trust proxy' set to a hop count. */
export function clientAddress(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number): string {
  const addresses = [remoteAddress ?? ''];
  if (trustedHops > 0 && forwardedFor !== undefined) {
    const list = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
      .reverse();
    addresses.push(...list);
  }
  return addresses[Math.min(trustedHops, addresses.length - 1)];
}

/** Whether the request's If-None-Match names this ETag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => bare(tag) === wanted);
}
