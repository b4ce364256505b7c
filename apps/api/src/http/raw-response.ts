import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

/**
 * The raw response, for a route that writes it itself (after reply.hijack()), carrying the headers the hooks have
 * set on the reply so far (request id, security headers, CORS): Fastify sends those only with what it sends.
 */
export function rawResponseOf(reply: FastifyReply): ServerResponse {
  const raw = reply.raw;
  if (!raw.headersSent) {
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
  }
  return raw;
}
