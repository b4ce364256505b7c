import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@shop/config';
import type { Logger as PinoLogger } from 'pino';
import { API_LOGGER, AppModule, requestIdOf } from './app.module';
import { createValidationPipe } from './common/validation.pipe';
import { registerAccessLog } from './http/access-log';
import { registerBodyParsers } from './http/body-parsers';
import { registerEtags } from './http/etag';
import { registerSecurityHeaders } from './http/security-headers';
import { buildOpenApiDocument } from './openapi';
import { PAGE_PREFIX_EXCLUDES } from './web/pages.controller';
import { SEO_PATHS } from './seo/seo.module';

/**
 * The HTTP server under Nest: Fastify. Node closes an idle keep-alive connection after 5 s by default; a proxy,
 * a load balancer or a client agent that reuses the connection in the moment the server closes it gets a reset
 * for a request the server never read, so connections are kept longer than the proxy's own idle timeout
 * (KEEP_ALIVE_TIMEOUT_MS). The request id is the caller's X-Request-Id when well-formed (see requestIdOf), kept
 * on the raw request too, where the access log reads it.
 */
export function createHttpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: config.trustProxyHops > 0 ? config.trustProxyHops : false,
    // No Nest middleware in this API (hooks and guards instead): no middie runner on every request.
    skipMiddie: true,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A path that is not valid percent-encoded UTF-8 ('/api/blogs/%00%ff'): the API's 400, not Fastify's own body.
    frameworkErrors: (_error: Error, _req: FastifyRequest, reply: FastifyReply) =>
      void reply.code(400).send({ statusCode: 400, message: 'Malformed URL', code: 'BAD_REQUEST' }),
    genReqId: (req: IncomingMessage) => ((req as IncomingMessage & { id?: string }).id = requestIdOf(req)),
  });
}

/** Builds the whole API the way production runs it. Used by main.ts and by the tests. */
export async function createApiApp(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), createHttpAdapter(config), {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  await configureApiApp(app, config);
  return app;
}

export async function configureApiApp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const server = app.getHttpServer();
  server.headersTimeout = Math.max(server.headersTimeout, config.keepAliveTimeoutMs + 1000);
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    done();
  });
  registerAccessLog(fastify, app.get<symbol, PinoLogger>(API_LOGGER));
  await registerBodyParsers(fastify);
  await registerEtags(fastify);
  registerSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js (the Payment Element) only when card payments are configured: its script, its API, its frames.
        scriptSrc: ["'self'", ...(config.stripe ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        ...(config.stripe ? { frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  // @fastify/cors as a plain Fastify plugin rather than app.enableCors(), which copies the reply's CORS headers onto
  // the raw response on every request for the sake of Nest middleware (the API has none: skipMiddie above).
  await app.register(fastifyCors, {
    origin: config.corsOrigins,
    credentials: true,
    exposedHeaders: ['X-Total-Count', 'Content-Range', 'X-Request-Id', 'ETag', 'Deprecation', 'Sunset', 'Link'],
  });
  // The SEO files and the web apps' pages (PagesController) are outside /api.
  app.setGlobalPrefix('api', { exclude: [...SEO_PATHS, ...PAGE_PREFIX_EXCLUDES] });
  app.useGlobalPipes(createValidationPipe());
  // After a signal, Nest closes the application and then ends the process with process.exit rather than by raising
  // the signal again: a process that a signal ends runs no exit handler, and it is in one that pino writes out the
  // log lines its asynchronous destination still holds (http/access-log.ts), the last requests' among them.
  app.enableShutdownHooks(undefined, { useProcessExit: true });

  const document = buildOpenApiDocument(app as INestApplication);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', customSiteTitle: 'Threadline API' });
}
