import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** The OpenAPI document of the API, as committed in openapi.json and served at /api/docs-json. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Threadline shop API')
    .setDescription(
      'REST API of the Threadline clothing and accessories shop. Authenticate with `Authorization: Bearer <token>` ' +
        '(from POST /api/users/auth) or the httpOnly `jwt` cookie. Lists are JSON arrays with the total in ' +
        '`X-Total-Count` and `Content-Range`. Errors have the shape `{ statusCode, message, code?, errors? }`.',
    )
    .setVersion('1.0.0')
    .addBearerAuth()
    .addCookieAuth('jwt')
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}` });
}
