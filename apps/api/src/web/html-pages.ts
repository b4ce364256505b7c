import type { ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compress, pickEncoding } from './compressed-assets';
import { sendNotModified, type WebRequest } from './web-request';

interface PrerenderedRoute {
  segments: string[];
  file: string;
}

/** Only files of the prerendered folder, by a plain name. */
const PRERENDERED_FILE = /^prerendered\/[\w-]+\.html$/;

/**
 * The pages a web app prerendered at build time: its prerendered/pages.json maps route patterns ('/', '/shop',
 * '/product/:id', where ':name' stands for one path segment) to HTML files of the app's folder. Returns the
 * file that answers a path, if any (read when the app is mounted).
 */
export function prerenderedPages(dir: string): (path: string) => string | undefined {
  let routes: PrerenderedRoute[] = [];
  try {
    const pages = JSON.parse(readFileSync(join(dir, 'prerendered', 'pages.json'), 'utf8')) as Record<string, unknown>;
    routes = Object.entries(pages)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && PRERENDERED_FILE.test(entry[1]))
      .map(([route, file]) => ({ segments: route.split('/').filter(Boolean), file }));
  } catch {
    // no prerendered pages: every route gets index.html
  }
  return (path) => {
    const segments = path.split('/').filter(Boolean);
    return routes.find((r) => r.segments.length === segments.length && r.segments.every((s, i) => s.startsWith(':') || s === segments[i]))?.file;
  };
}

interface HtmlVersion {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Sends an HTML page of a web app, revalidated on every visit (ETag), Brotli- or gzip-compressed when the
 * client takes it: prerendered pages carry their markup and styles (tens of KB before compression).
 * Each file is compressed once per version (modification time) and kept in memory.
 */
export function htmlSender(): (req: WebRequest, res: ServerResponse, file: string) => void {
  const cache = new Map<string, HtmlVersion>();
  const load = (file: string): HtmlVersion => {
    const stat = statSync(file);
    const known = cache.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
    const raw = readFileSync(file);
    const version = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      raw,
      br: compress(raw, 'br', 'smallest'),
      gzip: compress(raw, 'gzip', 'smallest'),
    };
    cache.set(file, version);
    return version;
  };
  return (req, res, file) => {
    const page = load(file);
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding ? page[encoding] : page.raw;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', `W/"${page.size.toString(16)}-${Math.floor(page.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`);
    if (sendNotModified(req, res)) return;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
