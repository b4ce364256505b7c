import Fastify, { type FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { ResponseCache } from '../../apps/api/src/catalog-cache/response-cache';
import { rawResponseOf } from '../../apps/api/src/http/raw-response';
import { webApps } from '../../apps/api/src/web/web-apps';

/**
 * For tests of the web apps' handlers alone: a bare Fastify server (no Nest, no guards) answering every GET and
 * HEAD with the web apps of `dir` (`pages` as their page cache) as PagesController does, Fastify's 404 otherwise.
 * `configure` adds hooks first.
 */
export async function webAppsServer(
  dir: string,
  options: { pages?: ResponseCache; configure?: (fastify: FastifyInstance) => void } = {},
): Promise<{ server: Server; close: () => Promise<void> }> {
  const fastify = Fastify();
  options.configure?.(fastify);
  const apps = webApps(dir, { pageCache: options.pages });
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path !== '/api' && !path.startsWith('/api/') && (await apps.answer(request.raw, rawResponseOf(reply)))) {
        reply.hijack();
        return;
      }
      reply.callNotFound();
    },
  });
  await fastify.ready();
  return { server: fastify.server, close: () => fastify.close() };
}
