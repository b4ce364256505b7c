import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A header helmet sets, with the value it gives it. */
export type SecurityHeaders = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * The headers helmet sets for these options, worked out once by running its middleware on a response that only
 * records them. With constant options (no nonces, no function in a CSP directive) they are the same for every
 * request, so there is no need to build helmet's middleware (and parse the CSP) on each request, which is what
 * @fastify/helmet does.
 */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const set = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      set.delete(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...set];
}

/**
 * Sends helmet's headers with every answer, the API's, the web apps' (written on the raw response) and the
 * errors: they are set on the raw response as soon as the request arrives, as helmet's middleware would.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
