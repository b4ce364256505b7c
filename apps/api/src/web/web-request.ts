import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isFresh } from '../http/etag';

/** What the web apps' handlers read of a request: Fastify's, reduced to plain values (see web-apps.ts). */
export interface WebRequest {
  method: string;
  /** The decoded-safe path, without the query. */
  path: string;
  /** The path and query as the client sent them. */
  url: string;
  headers: IncomingHttpHeaders;
  socket: Socket;
  /** The Node request itself (for range and conditional requests on files). */
  raw: IncomingMessage;
}

/** The web request of a Node request, with `path` relative to where the app is mounted (the URL's path by default). */
export function webRequestOf(raw: IncomingMessage, path?: string): WebRequest {
  const url = raw.url ?? '/';
  return { method: raw.method ?? 'GET', path: path ?? url.split('?')[0] ?? '/', url, headers: raw.headers, socket: raw.socket, raw };
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
