import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compressedAssets } from './compressed-assets';
import type { ResponseCache } from '../catalog-cache/response-cache';
import { htmlSender, prerenderedPages } from './html-pages';
import { serverRenderedPages } from './server-rendered-pages';

/** Paths that are never a client-side route: dotfiles of tools and files by extension. */
const NOT_A_ROUTE = [/(^|\/)\.(env|git|svn|hg|ssh|npmrc|htaccess|htpasswd|DS_Store|vscode|idea)(\/|$|\.)/i, /\.(js|mjs|cjs|map|css|json|ts|tsx|env|ya?ml|lock|log|sql|bak|zip|tar|gz|ini|conf|txt|xml)$/i];

function isClientRoute(path: string): boolean {
  return !NOT_A_ROUTE.some((pattern) => pattern.test(path));
}

/**
 * Serves the built storefront at / and the console at /admin, with client-side routing fallbacks.
 * Hashed assets are cached for a year; index.html is always revalidated. A route the app prerendered at build
 * time (its prerendered/pages.json) is answered with that page instead of index.html; the storefront's pages
 * that the build made a server renderer for (storefront-ssr/pages.json) are rendered at request time with
 * their data (kept in `pageCache` when given), and sent prerendered when that fails.
 */
export function mountWebApps(server: Express, webDistDir: string, pageCache?: ResponseCache): { storefront: boolean; admin: boolean } {
  const storefrontDir = join(webDistDir, 'storefront');
  const adminDir = join(webDistDir, 'admin');
  const mounted = { storefront: existsSync(join(storefrontDir, 'index.html')), admin: existsSync(join(adminDir, 'index.html')) };

  const staticOptions = {
    index: false,
    setHeaders: (res: Response, path: string) => {
      res.setHeader('Cache-Control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  const sendHtml = htmlSender();
  const sendIndex = (dir: string, serverRendered?: ReturnType<typeof serverRenderedPages>) => {
    const prerendered = prerenderedPages(dir);
    const sendPrerendered = (req: Request, res: Response, next: NextFunction) => {
      const page = prerendered(req.path);
      const file = page && existsSync(join(dir, page)) ? page : 'index.html';
      try {
        sendHtml(req, res, join(dir, file));
      } catch (error) {
        next(error);
      }
    };
    return (req: Request, res: Response, next: NextFunction) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !isClientRoute(req.path)) return next();
      if (!serverRendered) return sendPrerendered(req, res, next);
      serverRendered(req, res).then(
        (sent) => (sent ? undefined : sendPrerendered(req, res, next)),
        (error: unknown) => next(error),
      );
    };
  };

  if (mounted.admin) {
    server.use('/admin', compressedAssets(adminDir));
    server.use('/admin', express.static(adminDir, staticOptions));
    server.use('/admin', sendIndex(adminDir));
  }
  if (mounted.storefront) {
    const sendStorefront = sendIndex(storefrontDir, serverRenderedPages(join(webDistDir, 'storefront-ssr'), pageCache));
    const compressed = compressedAssets(storefrontDir);
    const files = express.static(storefrontDir, staticOptions);
    // The storefront sits at the root: API calls skip its file lookups (a stat per call) and its fallback.
    const isApi = (req: Request) => req.path.startsWith('/api/') || req.path === '/api';
    server.use((req: Request, res: Response, next: NextFunction) => {
      if (isApi(req)) return next();
      return compressed(req, res, (error?: unknown) => {
        if (error) return next(error);
        return files(req, res, (fileError?: unknown) => (fileError ? next(fileError) : sendStorefront(req, res, next)));
      });
    });
  }
  return mounted;
}
