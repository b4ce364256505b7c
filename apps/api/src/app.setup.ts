import { BadRequestException, PayloadTooLargeException, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Server } from 'node:http';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@shop/config';
import { AppModule } from './app.module';
import { PageCache } from './catalog-cache/catalog-cache.module';
import { limitBodyDepth } from './common/body-depth';
import { createValidationPipe } from './common/validation.pipe';
import { buildOpenApiDocument } from './openapi';
import { mountWebApps } from './web/web-apps';
import { SEO_PATHS } from './seo/seo.module';

/** Body-parser failures become the API's own errors instead of the parser's text. */
function bodyParserErrors(error: { type?: string } | undefined, _req: Request, _res: Response, next: NextFunction): void {
  if (error?.type === 'entity.parse.failed') return next(new BadRequestException({ message: 'Malformed JSON body', code: 'MALFORMED_JSON' }));
  if (error?.type === 'entity.too.large') return next(new PayloadTooLargeException({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' }));
  if (error) return next(new BadRequestException({ message: 'Malformed request body', code: 'MALFORMED_BODY' }));
  next();
}

/**
 * Node closes an idle keep-alive connection after 5 s by default. A proxy, a load balancer or a client agent
 * that reuses the connection in the moment the server closes it gets a reset for a request the server never
 * read. Keeping connections longer than the proxy's own idle timeout leaves the closing to the proxy.
 * headersTimeout stays above it, as Node advises.
 */
function keepConnectionsAlive(server: Server, keepAliveTimeoutMs: number): void {
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.headersTimeout = Math.max(server.headersTimeout, keepAliveTimeoutMs + 1000);
}

/** Builds the whole API the way production runs it. Used by main.ts and by the tests. */
export async function createApiApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, abortOnError: false, bodyParser: false });
  app.useLogger(app.get(Logger));
  configureApiApp(app, config);
  return app;
}

export function configureApiApp(app: NestExpressApplication, config: AppConfig): void {
  app.set('trust proxy', config.trustProxyHops);
  keepConnectionsAlive(app.getHttpServer() as Server, config.keepAliveTimeoutMs);
  app.disable('x-powered-by');
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ limit: '1mb', extended: false }));
  app.use(bodyParserErrors);
  app.use(limitBodyDepth);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.isProduction ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(cookieParser());
  app.enableCors({
    origin: config.corsOrigins,
    credentials: true,
    exposedHeaders: ['X-Total-Count', 'Content-Range', 'X-Request-Id', 'ETag'],
  });
  app.setGlobalPrefix('api', { exclude: SEO_PATHS });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  const document = buildOpenApiDocument(app as INestApplication);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', customSiteTitle: 'Threadline API' });
  mountWebApps(app.getHttpAdapter().getInstance(), config.webDistDir, app.get(PageCache));
}
