import send from '@fastify/send';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { compressedAssets } from './compressed-assets';
import type { ResponseCache } from '../catalog-cache/response-cache';
import { htmlSender, prerenderedPages } from './html-pages';
import { darkModeOf, serverRenderedPages } from './server-rendered-pages';
import type { PageDataFetch } from './in-process-fetch';
import { webRequestOf, type WebRequest } from './web-request';

/** Paths that are never a client-side route: dotfiles of tools and files by extension. */
const NOT_A_ROUTE = [
  /(^|\/)\.(env|git|svn|hg|ssh|npmrc|htaccess|htpasswd|DS_Store|vscode|idea)(\/|$|\.)/i,
  /\.(js|mjs|cjs|map|css|json|ts|tsx|env|ya?ml|lock|log|sql|bak|zip|tar|gz|ini|conf|txt|xml)$/i,
];

function isClientRoute(path: string): boolean {
  return !NOT_A_ROUTE.some((pattern) => pattern.test(path));
}

/** Answers a web request on the raw response: true once answered, false when this app has nothing for it. */
type WebHandler = (req: WebRequest, res: ServerResponse) => Promise<boolean>;

/** A file of the app's folder (index files and dotfiles excluded); hashed assets are cached for a year, the rest revalidated. */
function staticFiles(dir: string): WebHandler {
  return async (req, res) => {
    const { statusCode, headers, stream } = await send(req.raw, req.path, { root: dir, index: false, cacheControl: false, dotfiles: 'ignore' });
    if (statusCode >= 300 && statusCode !== 304 && statusCode !== 206 && statusCode !== 412 && statusCode !== 416) {
      stream.destroy();
      return false;
    }
    res.setHeader('Cache-Control', req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.writeHead(statusCode, headers);
    stream.pipe(res);
    return true;
  };
}

/**
 * One web app: its compressed assets, its files, then its pages: a route the app prerendered at build time (its
 * prerendered/pages.json) is answered with that page instead of index.html; the storefront's pages that the build
 * made a server renderer for (storefront-ssr/pages.json) are rendered at request time with their data (kept in
 * the page cache when given), and sent prerendered when that fails.
 */
function webApp(dir: string, serverRendered?: ReturnType<typeof serverRenderedPages>): WebHandler {
  const compressed = compressedAssets(dir);
  const files = staticFiles(dir);
  const sendHtml = htmlSender();
  const prerendered = prerenderedPages(dir);
  return async (req, res) => {
    if (compressed(req, res) || (await files(req, res))) return true;
    if (!isClientRoute(req.path)) return false;
    if (serverRendered && (await serverRendered(req, res))) return true;
    const page = prerendered(req.path, darkModeOf(req.headers.cookie));
    if (page && existsSync(join(dir, page.file))) sendHtml(req, res, join(dir, page.file), page.notFound ? 404 : 200);
    else sendHtml(req, res, join(dir, 'index.html'));
    return true;
  };
}

/** What the web apps answer: see webApps. */
export interface WebApps {
  mounted: { storefront: boolean; admin: boolean };
  /**
   * Answers a GET or HEAD outside /api on the raw response (the storefront at /, the console at /admin): true once
   * answered, false when neither app has anything for the address (the caller then answers 404).
   */
  answer(raw: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Sends the storefront's not-found page (in the cookie's mode) with status 404; false when the build has none. */
  sendNotFoundPage(raw: IncomingMessage, res: ServerResponse): boolean;
}

/** Images, fonts and other files by extension: never a page, even where a client route could take the path. */
const FILE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|webmanifest|pdf)$/i;

/** The path of a URL, without its query. */
export function pathOf(url: string): string {
  return url.split('?')[0] ?? '/';
}

/**
 * Whether a request asks for a page of a web app (a client route outside /api): these count against the 'pages'
 * rate limit, and an error on them is answered with the shop's error page, not JSON. Files (assets, images, any
 * path with a file's extension) and everything under /api are not pages.
 */
export function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = pathOf(url);
  if (path === '/api' || path.startsWith('/api/') || path.includes('/assets/')) return false;
  return isClientRoute(path) && !FILE_EXTENSION.test(path);
}

/**
 * The built storefront (served at /) and console (at /admin) of `webDistDir`, with their client-side routing
 * fallbacks. The storefront's data pages are rendered at request time (kept in `pageCache`), their data read
 * through `fetch` (in process) when given. Nest's PagesController (pages.controller.ts) sends every GET and HEAD
 * that no API route takes here, after the guards and the throttler.
 */
export function webApps(webDistDir: string, options: { pageCache?: ResponseCache; fetch?: PageDataFetch } = {}): WebApps {
  const storefrontDir = join(webDistDir, 'storefront');
  const adminDir = join(webDistDir, 'admin');
  const mounted = { storefront: existsSync(join(storefrontDir, 'index.html')), admin: existsSync(join(adminDir, 'index.html')) };
  const admin = mounted.admin ? webApp(adminDir) : undefined;
  const storefront = mounted.storefront
    ? webApp(storefrontDir, serverRenderedPages(join(webDistDir, 'storefront-ssr'), { pages: options.pageCache, fetch: options.fetch }))
    : undefined;
  const notFoundPage = mounted.storefront ? prerenderedPages(storefrontDir) : undefined;
  const sendHtml = htmlSender();
  return {
    mounted,
    async answer(raw, res) {
      const path = pathOf(raw.url ?? '/');
      const isAdmin = path === '/admin' || path.startsWith('/admin/');
      const app = isAdmin ? admin : path === '/api' || path.startsWith('/api/') ? undefined : storefront;
      return !!app && (await app(webRequestOf(raw, isAdmin ? path.slice('/admin'.length) || '/' : path), res));
    },
    sendNotFoundPage(raw, res) {
      // A path no route takes: the '*' page.
      const page = notFoundPage?.('/\0not-found', darkModeOf(raw.headers.cookie));
      if (!page?.notFound || !existsSync(join(storefrontDir, page.file))) return false;
      sendHtml(webRequestOf(raw), res, join(storefrontDir, page.file), 404);
      return true;
    },
  };
}
