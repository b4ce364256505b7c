import type { ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compress, pickEncoding } from './compressed-assets';
import { routeMatcher } from './route-patterns';
import { sendNotModified, type WebRequest } from './web-request';

/** Only files of the prerendered folder, by a plain name. */
const PRERENDERED_FILE = /^prerendered\/[\w-]+\.html$/;

/**
 * The pages a web app prerendered at build time: its prerendered/pages.json maps route patterns ('/', '/shop',
 * '/product/:id', where ':name' stands for one path segment; '*' for any other path) to HTML files of the app's
 * folder, each in the default dark mode, with its light-mode twin beside it (<name>.light.html) where the build
 * made one. Returns the file that answers a path in a mode, if any, and whether it is the '*' page (no route
 * takes the path: a 404). pages.json is read when the app is mounted.
 */
export function prerenderedPages(dir: string): (path: string, darkMode: boolean) => { file: string; notFound: boolean } | undefined {
  /** Each page's file in each mode, looked up once (its light twin, or the page itself where the build made none). */
  type Modes = { dark: string; light: string };
  let match: (path: string) => Modes | undefined = () => undefined;
  let otherwise: Modes | undefined;
  try {
    const pages = JSON.parse(readFileSync(join(dir, 'prerendered', 'pages.json'), 'utf8')) as Record<string, unknown>;
    const modes = (file: string): Modes => {
      const light = file.replace(/\.html$/, '.light.html');
      return { dark: file, light: existsSync(join(dir, light)) ? light : file };
    };
    const files = Object.entries(pages)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && PRERENDERED_FILE.test(entry[1]))
      .map(([route, file]): [string, Modes] => [route, modes(file)]);
    otherwise = files.find(([route]) => route === '*')?.[1];
    match = routeMatcher(files.filter(([route]) => route !== '*'));
  } catch {
    // no prerendered pages: every route gets index.html
  }
  return (path, darkMode) => {
    const page = match(path);
    if (page) return { file: darkMode ? page.dark : page.light, notFound: false };
    // No route takes the path: the app's not-found page, sent as a 404.
    return otherwise && { file: darkMode ? otherwise.dark : otherwise.light, notFound: true };
  };
}

interface HtmlVersion {
  /** A short hash of the file's path. */
  tag: string;
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
export function htmlSender(): (req: WebRequest, res: ServerResponse, file: string, status?: 200 | 404) => void {
  const cache = new Map<string, HtmlVersion>();
  const load = (file: string): HtmlVersion => {
    const stat = statSync(file);
    const known = cache.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
    const raw = readFileSync(file);
    const version = {
      tag: createHash('sha1').update(file).digest('base64url').slice(0, 8),
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      raw,
      br: compress(raw, 'br', 'smallest'),
      gzip: compress(raw, 'gzip', 'smallest'),
    };
    cache.set(file, version);
    return version;
  };
  return (req, res, file, status = 200) => {
    const page = load(file);
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding ? page[encoding] : page.raw;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    // The storefront's pages come in the darkMode cookie's mode.
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    // The file's name is part of it: a page's two modes may have the same size and time.
    res.setHeader('ETag', `W/"${page.tag}-${page.size.toString(16)}-${Math.floor(page.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`);
    if (status === 404) {
      // The not-found page: no 304 (a cache must not keep it as the address's page), and not for search engines.
      res.statusCode = 404;
      res.setHeader('X-Robots-Tag', 'noindex');
    } else if (sendNotModified(req, res)) return;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
