import computeEtag from 'etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** True when the caller's If-None-Match (or If-Modified-Since) already names this answer (strong or weak, a list, or `*`). */
export function isFresh(req: { headers: FastifyRequest['headers'] }, headers: Record<string, unknown>): boolean {
  return fresh(req.headers, { etag: headers.etag as string | undefined, 'last-modified': headers['last-modified'] as string | undefined });
}

function withEtag(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (req.method !== 'GET' && req.method !== 'HEAD') return payload;
  const status = reply.statusCode;
  if (status < 200 || status >= 300) return payload;
  if (reply.getHeader('etag') === undefined) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    reply.header('etag', computeEtag(payload, { weak: true }));
  }
  if (!isFresh(req, reply.getHeaders())) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  // No payload at all (not ''), so that no Content-Length is sent with the 304.
  return null;
}

/**
 * Every successful GET answer sent through Fastify gets a weak ETag of its bytes (unless its handler set one),
 * and a caller whose If-None-Match names it gets 304 with no body: what Express did by default, which the
 * catalog cache, the console and the storefront's revalidation rely on.
 */
export function registerEtags(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (req, reply, payload, done) => done(null, withEtag(req, reply, payload)));
}
