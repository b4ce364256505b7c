import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { PageCache } from '../catalog-cache/catalog-cache.module';
import { rawResponseOf } from '../http/raw-response';
import { errorPageHtml } from './error-page';
import { inProcessFetch } from './in-process-fetch';
import { darkModeOf } from './server-rendered-pages';
import { isPageRequest, pathOf, webApps, type WebApps } from './web-apps';

/**
 * The web apps as Nest serves them (PagesController): built on the first request, when Fastify is ready to
 * inject the renderer's data requests. Also the error pages of the exception filter.
 */
@Injectable()
export class WebPages {
  private apps: WebApps | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pageCache: PageCache,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  private web(): WebApps {
    this.apps ??= webApps(this.config.webDistDir, {
      pageCache: this.pageCache,
      fetch: inProcessFetch(this.adapterHost.httpAdapter.getInstance<FastifyInstance>()),
    });
    return this.apps;
  }

  /** Answers a page or file of the web apps, or throws the API's 404 when neither has one (always under /api). */
  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = pathOf(request.url);
    if (path !== '/api' && !path.startsWith('/api/') && (await this.web().answer(request.raw, rawResponseOf(reply)))) {
      reply.hijack();
      return;
    }
    // The words of Nest's own 404 for a route it does not have.
    throw new NotFoundException(`Cannot ${request.method} ${request.url}`);
  }

  /**
   * Answers a failed page request (see isPageRequest) with the shop's error page and `status`: the storefront's
   * not-found page for a 404, a small error page otherwise. False when the request is not a page request (the
   * filter then answers JSON).
   */
  sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: number): boolean {
    if (!isPageRequest(request.method, request.url)) return false;
    const path = pathOf(request.url);
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    if (status === 404 && !isAdmin && this.web().sendNotFoundPage(request.raw, rawResponseOf(reply))) {
      reply.hijack();
      return true;
    }
    const html = errorPageHtml(status, { darkMode: darkModeOf(request.headers.cookie), requestId: String(request.id ?? '') });
    void reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .send(request.method === 'HEAD' ? undefined : html);
    return true;
  }
}
