import formBody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../common/domain-error';
import { MAX_BODY_DEPTH, nestingDepth } from '../common/body-depth';

/** Largest JSON or form body the API reads (uploads and CSV imports have their own limits). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * JSON bodies: objects and arrays only, at most MAX_BODY_BYTES and MAX_BODY_DEPTH levels deep (class-transformer
 * and class-validator recurse, and would overflow the stack on a body like [[[[…]]]]). An empty body is `{}`.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') throw badRequest('MALFORMED_JSON', 'Malformed JSON body');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('MALFORMED_JSON', 'Malformed JSON body');
  }
  if (nestingDepth(body) > MAX_BODY_DEPTH) throw badRequest('BODY_TOO_DEEP', `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`);
  return body;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as received: kept only for the routes that verify a signature over them (RAW_BODY_ROUTES). */
    rawBody?: Buffer;
  }
}

/** Routes whose JSON body is also kept as its raw bytes: Stripe signs the exact bytes it sends. */
export const RAW_BODY_ROUTES: readonly string[] = ['/api/payments/stripe/webhook'];

/**
 * The request bodies the API reads: JSON and URL-encoded forms. Multipart bodies are registered with
 * @fastify/multipart, which leaves them unread until a route's interceptor reads them with its own limits
 * (uploads/multipart.ts); any other type (a text/csv import) is left unread for the route that takes it, and is no
 * body to the others.
 */
export async function registerBodyParsers(fastify: FastifyInstance): Promise<void> {
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (req, bytes, done) => {
    const buffer = bytes as Buffer;
    if (RAW_BODY_ROUTES.includes(req.routeOptions.url ?? '')) {
      // Verified by its route before anything else reads it; the parsed body is not used there.
      req.rawBody = buffer;
      done(null, {});
      return;
    }
    try {
      done(null, parseJsonBody(buffer.toString('utf8')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  await fastify.register(formBody, { bodyLimit: MAX_BODY_BYTES });
  // No limits here: each route that reads a multipart body passes its own (a route that reads none never consumes it).
  await fastify.register(fastifyMultipart);
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}
