import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { compressedAssets } from './compressed-assets';
import type { ResponseCache } from '../catalog-cache/response-cache';
import { rawResponseOf } from '../http/raw-response';
import { htmlSender, prerenderedPages } from './html-pages';
import { darkModeOf, serverRenderedPages } from './server-rendered-pages';
import { webRequestOf, type WebRequest } from './web-request';

/** Paths that are never a client-side route: dotfiles of tools and files by extension. */
const NOT_A_ROUTE = [/(^|\/)\.(env|git|svn|hg|ssh|npmrc|htaccess|htpasswd|DS_Store|vscode|idea)(\/|$|\.)/i, /\.(js|mjs|cjs|map|css|json|ts|tsx|env|ya?ml|lock|log|sql|bak|zip|tar|gz|ini|conf|txt|xml)$/i];

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
    res.writeHead(statusCode, headers as Record<string, string>);
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

/**
 * Serves the built storefront at / and the console at /admin, with client-side routing fallbacks, on every GET
 * and HEAD that no API route takes. An address under /api, or one neither app has, gets the API's 404.
 */
export function mountWebApps(server: FastifyInstance, webDistDir: string, pageCache?: ResponseCache): { storefront: boolean; admin: boolean } {
  const storefrontDir = join(webDistDir, 'storefront');
  const adminDir = join(webDistDir, 'admin');
  const mounted = { storefront: existsSync(join(storefrontDir, 'index.html')), admin: existsSync(join(adminDir, 'index.html')) };
  const admin = mounted.admin ? webApp(adminDir) : undefined;
  const storefront = mounted.storefront ? webApp(storefrontDir, serverRenderedPages(join(webDistDir, 'storefront-ssr'), pageCache)) : undefined;

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = request.url.split('?')[0] ?? '/';
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const app = isAdmin ? admin : path === '/api' || path.startsWith('/api/') ? undefined : storefront;
    if (app && (await app(webRequestOf(request.raw, isAdmin ? path.slice('/admin'.length) || '/' : path), rawResponseOf(reply)))) {
      reply.hijack();
      return;
    }
    reply.callNotFound();
  };
  server.route({ method: ['GET', 'HEAD'], url: '/', handler, exposeHeadRoute: false });
  server.route({ method: ['GET', 'HEAD'], url: '/*', handler, exposeHeadRoute: false });
  return mounted;
}
