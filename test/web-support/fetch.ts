// The web apps' component tests share this: a stubbed fetch that records each request, and a held-back answer.
import { vi } from 'vitest';

/** A request as the stubbed server saw it. */
export interface SeenRequest {
  method: string;
  /** Path and query, e.g. /api/products?search=li&pageSize=6. */
  path: string;
  headers: Headers;
  /** The JSON body parsed, the form data of a multipart body, else the text (undefined when empty). */
  body: unknown;
}

/** What the stub answers: a status (200 by default) and a JSON body, with extra headers if needed. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Answers a request, or undefined for one it does not know (answered 404, as the API would). */
export type Handler = (request: SeenRequest) => Reply | undefined | Promise<Reply | undefined>;

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/**
 * Replaces the global fetch (the network boundary: RTK Query's base query and plain fetch calls both go
 * through it) with a handler answering JSON. Every request is kept in `requests`, in order.
 */
export function stubFetch(handler: Handler) {
  const requests: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const seen: SeenRequest = { method: request.method, path: `${url.pathname}${url.search}`, headers: request.headers, body: await bodyOf(request) };
    requests.push(seen);
    const reply = (await handler(seen)) ?? {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: `No stub for ${seen.method} ${seen.path}` },
    };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}

/** A promise settled from outside, to hold an answer back while a test looks at the busy state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
