import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ALSO_CONSUMES } from './common/api-also-consumes';
import { errorResponseSchema } from './common/api-errors';
import { ERROR_STATUS, isErrorCode, type ErrorCode } from './common/error-codes';

/** Throttler metadata key of a skipped throttler (@SkipThrottle() sets it for 'default'). */
const SKIP_DEFAULT_THROTTLER = 'THROTTLER:SKIPdefault';

const operationId = (controllerKey: string, methodKey: string) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type ResponseObject = { description: string; content?: Record<string, { schema?: Record<string, unknown> }> };

/** The operation ids of handlers the global throttler skips (@SkipThrottle on the handler or its controller). */
function unthrottledOperations(app: INestApplication): Set<string> {
  const skipped = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller || typeof controller !== 'function') continue;
      const classSkips = Reflect.getMetadata(SKIP_DEFAULT_THROTTLER, controller) === true;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        if (method === 'constructor') continue;
        const handler: unknown = Object.getOwnPropertyDescriptor(controller.prototype, method)?.value;
        if (typeof handler !== 'function') continue;
        const skips = Reflect.getMetadata(SKIP_DEFAULT_THROTTLER, handler) as boolean | undefined;
        if (skips ?? classSkips) skipped.add(operationId(controller.name, method));
      }
    }
  }
  return skipped;
}

/** The codes an error response already documents (an ApiErrors schema), or undefined for a plain one. */
function documentedCodes(response: ResponseObject | undefined): ErrorCode[] | undefined {
  const schema = response?.content?.['application/json']?.schema as { allOf?: { properties?: { code?: { enum?: unknown[] } } }[] } | undefined;
  const codes = schema?.allOf?.[1]?.properties?.code?.enum;
  return Array.isArray(codes) ? codes.filter(isErrorCode) : undefined;
}

/** Adds codes to an operation's error response for their status, merging with what the handler documents. */
function addErrors(operation: Operation, codes: ErrorCode[]): void {
  for (const code of codes) {
    const status = String(ERROR_STATUS[code]);
    const existing = operation.responses[status] as ResponseObject | undefined;
    const known = documentedCodes(existing) ?? [];
    if (known.includes(code)) continue;
    const all = [...known, code];
    operation.responses[status] = {
      description: existing && !documentedCodes(existing) ? existing.description : all.join(', '),
      content: { 'application/json': { schema: errorResponseSchema(all) } },
    };
  }
}

/**
 * The pipeline's own answers, documented on every operation they can reach:
 * - 429 TOO_MANY_REQUESTS from the global throttler (unless the handler skips it);
 * - 400 VALIDATION_FAILED where there is a query or a body to validate (whitelisted DTOs);
 * - 400 BAD_REQUEST where there is a path parameter (one that is not valid percent-encoding);
 * - 400 MALFORMED_JSON (JSON bodies), MALFORMED_BODY, BODY_TOO_DEEP and 413 PAYLOAD_TOO_LARGE where there is a body;
 * - 403 CSRF on signed-in-only operations that change something (a cookie-signed cross-site request);
 * and every public operation states that a token is optional (`{}` first), so that `security` is explicit.
 */
function applyPipelineConventions(document: OpenAPIObject, unthrottled: Set<string>): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []).filter((p) => 'in' in p);
      const hasQuery = parameters.some((p) => 'in' in p && p.in === 'query');
      const hasPathParameter = parameters.some((p) => 'in' in p && p.in === 'path');
      const body = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody.content : undefined;
      const codes: ErrorCode[] = [];
      if (hasQuery || body) codes.push('VALIDATION_FAILED');
      // A path parameter that is not valid percent-encoding (e.g. %ff) is refused by the router itself.
      if (hasPathParameter) codes.push('BAD_REQUEST');
      if (body) {
        if (body['application/json']) codes.push('MALFORMED_JSON');
        codes.push('MALFORMED_BODY', 'BODY_TOO_DEEP', 'PAYLOAD_TOO_LARGE');
      }
      if (!unthrottled.has(operation.operationId ?? '')) codes.push('TOO_MANY_REQUESTS');
      // @Auth routes that change something refuse a cookie-signed cross-site request (the bearer token is immune).
      if (operation.security && method !== 'get') codes.push('CSRF');
      addErrors(operation, codes);
      if (!operation.security) operation.security = [{}, { bearer: [] }, { jwt: [] }];
    }
  }
}

/** Moves each ApiAlsoConsumes media type into its operation's request body. */
function applyAlsoConsumes(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['put', 'post', 'patch'] as const) {
      const operation: (Operation & { [ALSO_CONSUMES]?: Record<string, { schema: Record<string, unknown> }> }) | undefined = item[method];
      const extra = operation?.[ALSO_CONSUMES];
      if (!operation || !extra) continue;
      delete operation[ALSO_CONSUMES];
      const body = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody : { required: true, content: {} };
      operation.requestBody = { ...body, content: { ...body.content, ...extra } };
    }
  }
}

/** The headers every answer of a deprecated operation carries (common/deprecated.ts), documented on its 2xx responses. */
const DEPRECATION_HEADERS = {
  Deprecation: {
    description: 'When the operation was deprecated (RFC 9745): `@` and Unix seconds',
    schema: { type: 'string', example: '@1795651200' },
  },
  Sunset: {
    description: 'When it may stop answering (RFC 8594), an HTTP date',
    schema: { type: 'string', example: 'Tue, 01 Jun 2027 00:00:00 GMT' },
  },
  Link: {
    description: 'The operation to call instead: `<path>; rel="successor-version"`',
    schema: { type: 'string', example: '</api/health/ready>; rel="successor-version"' },
  },
};

function applyDeprecationHeaders(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation?.deprecated) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2') && response && 'description' in response) response.headers = { ...response.headers, ...DEPRECATION_HEADERS };
      }
    }
  }
}

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one `$ref` a schema stands for: `{ $ref }` or `{ allOf: [{ $ref }] }` (Nest's form of a typed property). */
function singleRef(schema: SchemaNode): string | undefined {
  if (typeof schema.$ref === 'string') return schema.$ref;
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && isNode(allOf[0]) && typeof allOf[0].$ref === 'string' && Object.keys(allOf[0]).length === 1)
    return allOf[0].$ref;
  return undefined;
}

/**
 * OpenAPI 3.0's null-only schema: `nullable` adds null to the `type` and the enum admits null only, so it means null
 * both to tools that read `nullable` (3.0.3) and to plain JSON Schema validators (which see an enum of null).
 */
export const NULL_SCHEMA = { type: 'object', nullable: true, enum: [null] } as const;

/**
 * Nullable values written so that strict validators and client generators accept `null` (issue #41):
 * - a nullable reference (`nullable: true` beside `allOf: [{ $ref }]`, which OpenAPI 3.0.3 and strict tools ignore,
 *   as `$ref` siblings are) becomes `oneOf: [{ $ref }, NULL_SCHEMA]`, keeping its description and example;
 * - a nullable enum lists null among its values (OpenAPI 3.0.3: an enum without null refuses it).
 * Walks the whole document, so every DTO property declared `{ type: SomeDto, nullable: true }` is covered.
 */
export function applyNullableConventions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) applyNullableConventions(item);
    return;
  }
  if (!isNode(node)) return;
  for (const value of Object.values(node)) applyNullableConventions(value);
  if (node.nullable !== true) return;
  const ref = singleRef(node);
  if (ref !== undefined) {
    for (const key of ['$ref', 'allOf', 'type', 'nullable']) delete node[key];
    node.oneOf = [{ $ref: ref }, { ...NULL_SCHEMA, enum: [null] }];
  } else if (Array.isArray(node.enum) && !node.enum.includes(null)) {
    node.enum = [...(node.enum as unknown[]), null];
  }
}

/** The OpenAPI document of the API, as committed in openapi.json and served at /api/docs-json. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Threadline shop API')
    .setDescription(
      'REST API of the Threadline clothing and accessories shop. Authenticate with `Authorization: Bearer <token>` ' +
        '(from POST /api/users/auth) or the httpOnly `jwt` cookie. Lists are JSON arrays with the total in ' +
        '`X-Total-Count` and `Content-Range`. Errors have the shape `{ statusCode, message, code?, errors? }`; ' +
        '`code` is one of the ErrorCode values, and each operation lists the codes it answers with per status.',
    )
    .setVersion('1.0.0')
    .addServer('/', 'The host serving this document')
    .addBearerAuth()
    .addCookieAuth('jwt', { type: 'apiKey', in: 'cookie', name: 'jwt', description: 'The httpOnly session cookie set at sign-in' }, 'jwt')
    .build();
  config.info.license = { name: 'Proprietary' };
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
  applyAlsoConsumes(document);
  applyPipelineConventions(document, unthrottledOperations(app));
  applyDeprecationHeaders(document);
  applyNullableConventions(document);
  return document;
}
