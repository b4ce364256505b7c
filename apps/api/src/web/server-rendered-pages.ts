import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { CachedResponse, ResponseCache } from '../catalog-cache/response-cache';
import { compress, pickEncoding } from './compressed-assets';
import type { PageDataFetch } from './in-process-fetch';
import { routeMatcher } from './route-patterns';
import { sendNotModified, type WebRequest } from './web-request';

/** The storefront's server renderer (apps/storefront/src/app/server-render.tsx, built to server-render.cjs). */
interface ServerRenderModule {
  /** The page's HTML, or the HTML and its status (404 when the page's record does not exist). */
  renderPage(
    template: string,
    options: { url: string; origin: string; darkMode: boolean; timeoutMs: number; fetch?: PageDataFetch },
  ): Promise<string | { html: string; status: number }>;
}

/** Where the renderer's requests go when they are answered in process (`fetch` given): a name, never dialled. */
const IN_PROCESS_ORIGIN = 'http://api.in-process';
/** The query parameters a template's page reads (storefront-ssr/query.json, by template file). */
type QueryParams = Record<string, readonly string[]>;

/**
 * The address a page is rendered for, and kept under: its path and, of its query, only the parameters its page
 * reads (every one when the build did not say), ordered by name. Any other parameter changes nothing on the page,
 * so it neither causes a render nor makes a second copy of it.
 */
export function pageAddress(path: string, url: string, reads: readonly string[] | undefined): string {
  const at = url.indexOf('?');
  if (at < 0) return path;
  const given = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of given) if (!reads || reads.includes(name)) kept.append(name, value);
  kept.sort();
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/** A page's render, answers included, may take this long; after it the prerendered page is sent instead. */
const RENDER_TIMEOUT_MS = 4000;
/** Only template files of the folder, by a plain name. */
const TEMPLATE_FILE = /^[\w-]+\.html$/;

const logger = new Logger('ServerRender');

function isServerRenderModule(value: unknown): value is ServerRenderModule {
  return typeof value === 'object' && value !== null && typeof (value as { renderPage?: unknown }).renderPage === 'function';
}

/** The visitor's display mode: the darkMode cookie the storefront writes (dark without it, as the spec's default). */
export function darkModeOf(cookieHeader: string | undefined): boolean {
  const match = /(?:^|;\s*)darkMode=(true|false)(?:;|$)/.exec(cookieHeader ?? '');
  return match ? match[1] === 'true' : true;
}

/** Where this server answers, seen from itself: the address and port the request came in on (no in-process fetch). */
function ownOrigin(req: WebRequest): string {
  const address = (req.raw.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address === '::' || address === '0.0.0.0' ? '127.0.0.1' : address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${req.raw.socket.localPort ?? 80}`;
}

/** A rendered page's bodies, made on first need and kept as long as the page is (a WeakMap entry). */
const pageBodies = new WeakMap<CachedResponse, { raw?: Buffer; br?: Buffer; gzip?: Buffer }>();

function pageBody(page: CachedResponse, encoding: 'br' | 'gzip' | undefined): Buffer {
  let bodies = pageBodies.get(page);
  if (!bodies) {
    bodies = {};
    pageBodies.set(page, bodies);
  }
  const raw = (bodies.raw ??= Buffer.from(page.body));
  if (!encoding) return raw;
  // A fast level: a page is compressed at most once per kept page and encoding.
  bodies[encoding] ??= compress(raw, encoding, 'fast');
  return bodies[encoding];
}

/**
 * The storefront pages rendered at request time with their data (dist/web/storefront-ssr: the renderer, a
 * template per page, pages.json mapping routes such as '/product/:id' to templates). Returns a handler that
 * sends the page and resolves true, or resolves false when the path is not one of them or the render failed
 * (the caller then sends the prerendered page); undefined when the build has no renderer.
 * The renderer reads the page's data as a signed-out visitor through `fetch` when given (in process, see
 * in-process-fetch.ts), else over HTTP on the address the request came in on; the module is loaded on the
 * first page.
 *
 * A render costs tens of milliseconds of the API's one thread (React renders the page, again once its data is
 * in), so the pages are kept in `pages` (the catalog's PageCache), one per page address (pageAddress: the path
 * and the query parameters the page reads, storefront-ssr/query.json) and mode: every visitor gets the same
 * page, as it is rendered signed out. It is emptied by every catalog write, like the answers the pages are made
 * of, and entries last CATALOG_CACHE_TTL_MS (0: every visit renders). Visits that come while a page is being
 * rendered wait for that render instead of starting their own.
 */
export function serverRenderedPages(
  ssrDir: string,
  options: { pages?: ResponseCache; fetch?: PageDataFetch } = {},
): ((req: WebRequest, res: ServerResponse) => Promise<boolean>) | undefined {
  const { pages, fetch } = options;
  const moduleFile = join(ssrDir, 'server-render.cjs');
  if (!existsSync(moduleFile) || !existsSync(join(ssrDir, 'pages.json'))) return undefined;
  let templateOf: (path: string) => string | undefined;
  let queryParams: QueryParams | undefined;
  try {
    const pages = JSON.parse(readFileSync(join(ssrDir, 'pages.json'), 'utf8')) as Record<string, unknown>;
    templateOf = routeMatcher(
      Object.entries(pages).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && TEMPLATE_FILE.test(entry[1])),
    );
  } catch {
    return undefined;
  }
  try {
    const query = JSON.parse(readFileSync(join(ssrDir, 'query.json'), 'utf8')) as Record<string, unknown>;
    queryParams = Object.fromEntries(
      Object.entries(query).filter(
        (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((name) => typeof name === 'string'),
      ),
    );
  } catch {
    // An older build: every query parameter is taken as read by the page.
  }
  let renderer: ServerRenderModule | null | undefined;
  const templates = new Map<string, string>();
  const load = (): ServerRenderModule | null => {
    if (renderer !== undefined) return renderer;
    try {
      const loaded: unknown = createRequire(__filename)(moduleFile);
      renderer = isServerRenderModule(loaded) ? loaded : null;
      if (!renderer) logger.warn(`${moduleFile} has no renderPage: the storefront's pages are sent prerendered`);
    } catch (error) {
      renderer = null;
      logger.warn(`the storefront's server renderer did not load (${String(error)}): its pages are sent prerendered`);
    }
    return renderer;
  };
  const template = (file: string): string => {
    const known = templates.get(file);
    if (known !== undefined) return known;
    const text = readFileSync(join(ssrDir, file), 'utf8');
    templates.set(file, text);
    return text;
  };

  /** Renders in flight, by cache key: later visits for the same page share the render. */
  const rendering = new Map<string, Promise<CachedResponse>>();
  const render = async (module: ServerRenderModule, file: string, address: string, req: WebRequest, darkMode: boolean): Promise<CachedResponse> => {
    const origin = fetch ? IN_PROCESS_ORIGIN : ownOrigin(req);
    const rendered = await module.renderPage(template(file), {
      url: address,
      origin,
      darkMode,
      timeoutMs: RENDER_TIMEOUT_MS,
      ...(fetch ? { fetch } : {}),
    });
    const { html, status } = typeof rendered === 'string' ? { html: rendered, status: 200 } : rendered;
    const etag = `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
    return { status: status === 404 ? 404 : 200, headers: {}, body: html, etag, storedAt: Date.now() };
  };
  const cachedRender = (module: ServerRenderModule, file: string, req: WebRequest, darkMode: boolean): Promise<CachedResponse> => {
    const address = pageAddress(req.path, req.url, queryParams?.[file]);
    const key = `${darkMode ? 'dark' : 'light'} ${address}`;
    const kept = pages?.lookup(key);
    if (kept) return Promise.resolve(kept);
    const running = rendering.get(key);
    if (running) return running;
    // Taken before the render: a page rendered while the catalog changed is not kept.
    const ticket = pages?.begin(key);
    // Every begin() is ended by finish(), also when the render fails.
    const page = render(module, file, address, req, darkMode)
      .then(
        (made) => {
          if (ticket) pages?.finish(ticket, made);
          return made;
        },
        (error: unknown) => {
          if (ticket) pages?.finish(ticket);
          throw error;
        },
      )
      .finally(() => rendering.delete(key));
    rendering.set(key, page);
    return page;
  };

  return async (req, res) => {
    if (req.method !== 'GET') return false;
    const file = templateOf(req.path);
    if (!file) return false;
    const module = load();
    if (!module) return false;
    let page: CachedResponse;
    try {
      page = await cachedRender(module, file, req, darkModeOf(req.headers.cookie));
    } catch (error) {
      logger.warn(`${req.path}: server render failed (${error instanceof Error ? error.message : String(error)}), sent the prerendered page`);
      return false;
    }
    if (res.headersSent) return true;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    res.statusCode = page.status;
    // A page about a record that doesn't exist is no page for search engines.
    if (page.status === 404) res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.setHeader('ETag', encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag);
    if (page.status !== 404 && sendNotModified(req, res)) return true;
    const body = pageBody(page, encoding);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return true;
  };
}
