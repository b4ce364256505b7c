import Fastify from 'fastify';
import type { Server } from 'node:http';
import type { ResponseCache } from '../catalog-cache/response-cache';
import { mountWebApps } from './web-apps';

/** For tests: a bare Fastify server with the web apps of `dir` mounted (and `pages` as their page cache), ready to answer. */
export async function webAppsServer(dir: string, pages?: ResponseCache): Promise<{ server: Server; close: () => Promise<void> }> {
  const fastify = Fastify();
  mountWebApps(fastify, dir, pages);
  await fastify.ready();
  return { server: fastify.server, close: () => fastify.close() };
}
