import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { loadConfig } from '@shop/config';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './openapi';
import { loadSwaggerPluginMetadata } from './swagger-plugin-metadata';

/**
 * The OpenAPI document without any running service: Nest's preview mode builds the module graph
 * but instantiates no provider, so nothing connects to MongoDB or Redis.
 */
export async function generateOpenApiDocument(): Promise<OpenAPIObject> {
  await loadSwaggerPluginMetadata(); // the SWC build's (npm run openapi); a no-op under ts-jest
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'openapi-generation-only-secret-0123456789',
    MONGODB_URI: 'mongodb://127.0.0.1:1/openapi',
    DATA_DIR: '/nonexistent-openapi',
    LOG_LEVEL: 'silent',
  });
  const app = await NestFactory.create(AppModule.forRoot(config), new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  app.setGlobalPrefix('api');
  const document = buildOpenApiDocument(app);
  await app.close();
  return document;
}

/** Stable text form: two-space JSON with a final newline, as committed in openapi.json. */
export function serializeOpenApi(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
