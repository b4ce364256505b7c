import fastifyEtag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** True when the caller's If-None-Match (or If-Modified-Since) already names this answer (strong or weak, a list, or `*`). */
export function isFresh(req: { headers: FastifyRequest['headers'] }, headers: Record<string, unknown>): boolean {
  return fresh(req.headers, { etag: headers.etag as string | undefined, 'last-modified': headers['last-modified'] as string | undefined });
}

function notModified(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (req.method !== 'GET' && req.method !== 'HEAD') return payload;
  const status = reply.statusCode;
  if (status < 200 || status >= 300 || !isFresh(req, reply.getHeaders())) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  // No payload at all (not ''), so that no Content-Length is sent with the 304.
  return null;
}

/**
 * Every answer sent through Fastify gets a weak ETag of its bytes unless its handler set one (@fastify/etag), and
 * a successful GET or HEAD whose caller already holds it (If-None-Match: one tag, a list or `*`, compared weakly;
 * or If-Modified-Since) is answered 304 with no body, as HTTP's conditional requests say: what Express did by
 * default, which the catalog cache, the console and the storefront's revalidation rely on. @fastify/etag's own 304
 * compares the header with one tag as a string only, so its 304 is off and `fresh` (jshttp) decides.
 */
export async function registerEtags(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyEtag, { weak: true, replyWith304: false });
  fastify.addHook('onSend', (req, reply, payload, done) => done(null, notModified(req, reply, payload)));
}
