import type { ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PagesController } from './pages.controller';
import { isPageRequest } from './web-apps';

/** The named throttler of the web apps' pages: PAGE_RATE_LIMIT pages per PAGE_RATE_TTL_MS per client. */
export const PAGES_THROTTLER = 'pages';

/** skipIf for the 'pages' throttler: it counts only page requests (not files) answered by PagesController. */
export function isNotPageRequest(context: ExecutionContext): boolean {
  if (context.getClass() !== PagesController) return true;
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return !isPageRequest(request.method, request.url);
}
