import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Requests the API makes to itself in process (the server renderer reading a page's data through Fastify's
 * inject(), see web/in-process-fetch.ts) carry this header with a secret drawn once per process. It never leaves
 * the process (no answer echoes it, the access log writes no header), so a request from outside cannot pass for one.
 */
export const IN_PROCESS_HEADER = 'x-shop-in-process';
const SECRET = randomBytes(32).toString('base64url');
const SECRET_BYTES = Buffer.from(SECRET);

/** The header's value for a request made in process. */
export function inProcessSecret(): string {
  return SECRET;
}

/** Whether the API made this request to itself in process: its sub-requests do not count against any client's rate limit. */
export function isInProcessRequest(raw: IncomingMessage): boolean {
  const given = raw.headers[IN_PROCESS_HEADER];
  if (typeof given !== 'string' || given.length !== SECRET.length) return false;
  return timingSafeEqual(Buffer.from(given), SECRET_BYTES);
}
