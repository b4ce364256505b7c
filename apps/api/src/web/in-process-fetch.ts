import type { FastifyInstance, InjectOptions } from 'fastify';
import { IN_PROCESS_HEADER, inProcessSecret } from '../common/in-process-request';

/** What the server renderer calls to read a page's data: the shape of `fetch`. */
export type PageDataFetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** No body for these statuses (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` that answers from this API in process: the request goes through Fastify's inject() (hooks, Nest's
 * router, guards, interceptors, pipes, controllers, the exception filter), with no socket and no loopback
 * connection. It is marked as made in process (IN_PROCESS_HEADER with the process's secret), so the throttler
 * does not count it against the visitor's or 127.0.0.1's bucket: the page request that caused it was counted
 * already. The renderer asks as a signed-out visitor; an answer is never compressed (no Accept-Encoding).
 */
export function inProcessFetch(fastify: FastifyInstance): PageDataFetch {
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (name !== 'accept-encoding' && name !== IN_PROCESS_HEADER) headers[name] = value;
    });
    headers[IN_PROCESS_HEADER] = inProcessSecret();
    const payload = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    const answer = await fastify.inject({
      method: request.method as NonNullable<InjectOptions['method']>,
      url: `${url.pathname}${url.search}`,
      headers,
      payload,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const one of value) responseHeaders.append(name, one);
      else responseHeaders.set(name, String(value));
    }
    return new Response(NULL_BODY.has(answer.statusCode) || request.method === 'HEAD' ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
