import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isFresh } from '../http/etag';

/** What the web apps' handlers read of a request: Fastify's, reduced to plain values (see web-apps.ts). */
export interface WebRequest {
  method: string;
  /** The path without the query, as sent (not decoded), relative to where the app is mounted. */
  path: string;
  /** The path and query as the client sent them. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The Node request itself (its socket, and range and conditional requests on files). */
  raw: IncomingMessage;
}

/** The web request of a Node request, with `path` relative to where the app is mounted (the URL's path by default). */
export function webRequestOf(raw: IncomingMessage, path?: string): WebRequest {
  const url = raw.url ?? '/';
  return { method: raw.method ?? 'GET', path: path ?? url.split('?')[0] ?? '/', url, headers: raw.headers, raw };
}

/** Ends `res` with 304 when the caller already holds the answer whose headers are set on it; true if so. */
export function sendNotModified(req: WebRequest, res: ServerResponse): boolean {
  if (!isFresh(req, res.getHeaders())) return false;
  res.removeHeader('Content-Length');
  res.removeHeader('Content-Encoding');
  res.statusCode = 304;
  res.end();
  return true;
}
