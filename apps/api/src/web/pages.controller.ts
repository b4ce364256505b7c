import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebPages } from './web-pages';

/** The paths of PagesController: '/' and any other ('*', Fastify's wildcard: every API route is taken first). */
const PAGE_PATHS = ['/', '*'];
/**
 * For app.setup.ts: these two route paths outside the 'api' prefix. Nest matches an exclusion against each route's
 * path as a pattern, so the wildcard is escaped: a bare '*' would take every route out of the prefix.
 */
export const PAGE_PREFIX_EXCLUDES = ['/', '/\\*'];

/**
 * The storefront and the console (web-apps.ts) on every GET and HEAD that no API route takes, through Nest's
 * pipeline: the global guards (the throttler's 'pages' limit, not the API's 'default' one), the exception filter
 * (which answers a page's error with the shop's error page). Under /api it answers the API's JSON 404.
 */
@ApiExcludeController()
@SkipThrottle({ default: true })
@Controller()
export class PagesController {
  constructor(private readonly web: WebPages) {}

  @Get(PAGE_PATHS)
  page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.web.serve(request, reply);
  }
}
