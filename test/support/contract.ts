import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { appendFileSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { resolve } from 'node:path';

/**
 * Responses checked against the contract (issue #25): every response the API gives an e2e test is validated
 * against the committed openapi.json (the file integrators use; apps/api/src/openapi.spec.ts keeps it equal to
 * the code), for its operation, status and media type. A mismatch is recorded here and fails the test that made
 * it (test/support/contract.setup.ts, an afterEach of the jest "api" project).
 *
 * Policy, in order:
 * - ALLOW_LIST: traffic that is not part of the API contract at all (web apps, Swagger UI, Bull Board, crawler
 *   files, CORS preflights) is not checked.
 * - The operation is found by method and path template, literal segments before templated ones
 *   (/api/products/top before /api/products/{id}); HEAD is checked as GET without a body.
 * - The response is found by status: exact, then 4XX-style ranges, then default. A documented JSON body is
 *   validated with ajv ($ref, formats, additionalProperties as documented; nullable strictly, see toJsonSchema); other media types are
 *   checked only for being documented. 204, 304 and HEAD answers have no body.
 * - An undocumented status is a mismatch, except:
 *   - an error (4xx) in the API's one error shape (ErrorBody) when CONTRACT_LENIENT_ERRORS=1 (a survey mode, with
 *     CONTRACT_REPORT, for finding undocumented errors in bulk; never in npm test);
 *   - a 5xx in the ErrorBody shape (a test that breaks a dependency on purpose);
 *   - a 304 to a conditional GET (If-None-Match / If-Modified-Since) of an operation that documents a 200.
 * - A path or method the contract does not name is a mismatch, unless it is answered 404/405 in the ErrorBody
 *   shape (that is the API saying "no such operation").
 * With CONTRACT_REPORT=<file>, the leniently accepted undocumented statuses are appended there as JSON lines.
 * With CONTRACT_STRICT_PROPERTIES=1, a body property the schema does not name is a mismatch too (a survey mode:
 * OpenAPI allows undocumented properties unless a schema says additionalProperties: false).
 */

/** The parts of a response the validator looks at. */
export interface ObservedResponse {
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  status: number;
  /** Response headers (names in any case). */
  headers: OutgoingHttpHeaders;
  /** The body bytes as written (empty for none). */
  body: Buffer;
  /** Request headers, for preflights and conditional requests. */
  requestHeaders?: IncomingHttpHeaders;
}

export interface ContractMismatch {
  method: string;
  path: string;
  status: number;
  /** The matched operation, e.g. "GET /api/products/{id}", when there is one. */
  operation?: string;
  problems: string[];
}

/** Lenient acceptance of an undocumented error status (see CONTRACT_REPORT). */
export interface UndocumentedError {
  operation: string;
  status: number;
  code?: string;
}

export interface CheckResult {
  operation?: string;
  problems: string[];
  /** Set when an undocumented error status was accepted because its body is an ErrorBody. */
  undocumentedError?: UndocumentedError;
}

/**
 * Traffic outside the API contract. Each entry is a deliberate exception; keep the list short and explain it.
 */
const ALLOW_LIST: { reason: string; matches: (method: string, path: string, requestHeaders: IncomingHttpHeaders) => boolean }[] = [
  // The storefront at / and the console at /admin (pages and assets): web apps, not API operations.
  { reason: 'web apps', matches: (_m, path) => !/^\/api(\/|$)/i.test(path) && !/^\/(robots\.txt|sitemap\.xml)$/i.test(path) },
  // robots.txt and sitemap.xml are for crawlers; SeoController is @ApiExcludeController.
  { reason: 'crawler files', matches: (_m, path) => /^\/(robots\.txt|sitemap\.xml)$/i.test(path) },
  // The Swagger UI and its JSON (the contract itself).
  { reason: 'API docs', matches: (_m, path) => /^\/api\/docs(-json)?(\/|$)/i.test(path) },
  // Bull Board's HTML UI and its own JSON API (QueuesBoardController is @ApiExcludeController).
  { reason: 'Bull Board', matches: (_m, path) => /^\/api\/admin\/queues(\/|$)/i.test(path) },
  // CORS preflights are answered by the cors middleware, by the Fetch standard, for any path.
  { reason: 'CORS preflight', matches: (method, _p, headers) => method === 'OPTIONS' && headers['access-control-request-method'] !== undefined },
];

/**
 * Mismatches whose fix is an annotation in a controller, which the lead applies (controllers are being changed in
 * parallel). Each entry names the operation, the status and the problem exactly; delete it with the fix.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface MediaObject {
  schema?: JsonObject;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonObject> };
}

interface Template {
  path: string;
  /** Segments; null stands for a {parameter}. */
  segments: (string | null)[];
  item: Record<string, OperationObject>;
}

const DOCUMENT_ID = 'openapi.json';
const COMPONENT_REF = /^#\/components\/schemas\//;
/** OpenAPI-only keywords that mean nothing to JSON Schema validation. */
const ANNOTATIONS = new Set(['nullable', 'example', 'examples', 'xml', 'externalDocs', 'deprecated', 'discriminator', 'readOnly', 'writeOnly']);
const BODYLESS_STATUSES = new Set([204, 304]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An OpenAPI 3.0 Schema Object as JSON Schema, read strictly (OpenAPI 3.0.3, as strict validators, Prism and client
 * generators read it; issue #41): `nullable: true` adds "null" to the `type` of the same object and does nothing
 * else, so it does not make a `$ref`/`allOf`/`oneOf` beside it accept null, nor an `enum` that does not list null.
 * Refs point into the document.
 * With closed, an object schema that lists properties and says nothing of others allows no others (a survey of
 * undocumented response fields, CONTRACT_STRICT_PROPERTIES=1; OpenAPI itself allows them).
 */
export function toJsonSchema(schema: Json, closed = false): Json {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, closed));
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') return { $ref: schema.$ref.replace(COMPONENT_REF, `${DOCUMENT_ID}#/components/schemas/`) };
  // The null-only schema of a nullable reference (an enum of null): the same as JSON Schema's null type, with its error.
  if (schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null) return { type: 'null' };
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toJsonSchema(property, closed)]));
    } else if (['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf'].includes(key)) {
      out[key] = typeof value === 'boolean' ? value : toJsonSchema(value, closed);
    } else {
      out[key] = value;
    }
  }
  if (closed && isObject(schema.properties) && schema.additionalProperties === undefined) out.additionalProperties = false;
  if (schema.nullable === true && typeof schema.type === 'string') out.type = [schema.type, 'null'];
  return out;
}

function mediaTypeOf(headers: OutgoingHttpHeaders): string | undefined {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
  const value = entry?.[1];
  const text = Array.isArray(value) ? value[0] : value === undefined ? undefined : String(value);
  return text?.split(';')[0].trim().toLowerCase() || undefined;
}

function headerOf(headers: OutgoingHttpHeaders, name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return entry === undefined || entry[1] === undefined ? undefined : String(entry[1]);
}

function isJsonMedia(mediaType: string): boolean {
  return mediaType === 'application/json' || /^application\/[\w.+-]*\+json$/.test(mediaType);
}

function mediaMatches(documented: string, actual: string): boolean {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [actualType, actualSubtype] = actual.split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}

function describeErrors(errors: ErrorObject[] | null | undefined, limit = 5): string[] {
  // A nullable reference that is neither (oneOf the schema or null): the null branch's "must be null" and the
  // oneOf's own summary add nothing to the real error.
  const all = errors ?? [];
  const onlyNull = (e: ErrorObject) => e.keyword === 'type' && (e.params as { type?: string }).type === 'null';
  const telling = all.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && !onlyNull(e));
  const list = (telling.length > 0 ? telling : all).map((e) => {
    const where = e.instancePath || '(body)';
    const detail = e.keyword === 'additionalProperties' ? ` '${String((e.params as { additionalProperty?: string }).additionalProperty)}'` : '';
    const allowed = e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}` : '';
    return `${where} ${e.message ?? e.keyword}${detail}${allowed}`;
  });
  const unique = [...new Set(list)];
  return unique.length > limit ? [...unique.slice(0, limit), `… ${unique.length - limit} more`] : unique;
}

export class ContractValidator {
  private readonly ajv: Ajv;
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly errorBody: ValidateFunction | undefined;
  /** Bodies already found valid, by identity (the catalog cache writes the same cached Buffer again and again). */
  private readonly validBodies = new WeakMap<Buffer, string>();

  private readonly closed: boolean;

  constructor(document: OpenApiDocument, options: { closed?: boolean } = { closed: process.env.CONTRACT_STRICT_PROPERTIES === '1' }) {
    this.closed = options.closed === true;
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    const schemas = Object.fromEntries(
      Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [name, toJsonSchema(schema, this.closed)]),
    );
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas } });
    this.templates = Object.entries(document.paths).map(([path, item]) => ({
      path,
      segments: path.split('/').map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment.toLowerCase())),
      item,
    }));
    this.errorBody = document.components?.schemas?.ErrorBody ? this.ajv.compile({ $ref: `${DOCUMENT_ID}#/components/schemas/ErrorBody` }) : undefined;
  }

  /** The path template for a concrete path: among those that match, literal segments win from the left. */
  findTemplate(path: string, method?: string): Template | undefined {
    const candidates = this.matchingTemplates(path);
    const verb = method?.toLowerCase();
    // Two templates that differ only in a parameter's name (/api/products/{id}, /api/products/{productId}) are one
    // path to a client; the one that documents the method is meant.
    return (verb && candidates.find((t) => t.item[verb] !== undefined)) || candidates[0];
  }

  private matchingTemplates(path: string): Template[] {
    const segments = normalizePath(path).split('/');
    return this.templates
      .filter(
        (t) =>
          t.segments.length === segments.length && t.segments.every((s, i) => (s === null ? segments[i] !== '' : s === segments[i].toLowerCase())),
      )
      .sort((a, b) => (moreLiteral(a, b) ? -1 : moreLiteral(b, a) ? 1 : 0));
  }

  /** Problems of one response with the contract (none: it conforms). */
  check(response: ObservedResponse): CheckResult {
    const method = response.method.toUpperCase();
    const path = normalizePath(response.url.split('?')[0]);
    const requestHeaders = response.requestHeaders ?? {};
    if (ALLOW_LIST.some((entry) => entry.matches(method, path, requestHeaders))) return { problems: [] };

    const mediaType = mediaTypeOf(response.headers);
    const isHead = method === 'HEAD';
    const template = this.findTemplate(path, isHead ? 'get' : method);
    const item = template?.item;
    const verb = isHead && item && !item.head ? 'get' : method.toLowerCase();
    const operation = item?.[verb];
    if (!template || !operation) {
      const noSuchOperation = (response.status === 404 || response.status === 405) && this.isErrorBody(response, mediaType);
      if (noSuchOperation) return { problems: [] };
      return { problems: [template ? `${method} is not documented for ${template.path}` : `no operation in openapi.json for ${method} ${path}`] };
    }
    const name = `${method === 'HEAD' ? 'GET' : method} ${template.path}`;
    const responses = operation.responses ?? {};
    const key = responseKey(responses, response.status);
    if (key === undefined) return { operation: name, ...this.undocumentedStatus(name, response, mediaType, responses) };

    const documented = responses[key];
    const problems: string[] = [];
    const hasBody = response.body.length > 0 && !isHead && !BODYLESS_STATUSES.has(response.status);
    const contentTypes = Object.keys(documented.content ?? {});
    if (!hasBody) {
      const expectsBody = contentTypes.length > 0 && !isHead && !BODYLESS_STATUSES.has(response.status);
      if (expectsBody) problems.push(`empty body where ${contentTypes.join(', ')} is documented`);
      return { operation: name, problems };
    }
    if (contentTypes.length === 0) return { operation: name, problems: [`a ${mediaType ?? 'untyped'} body where none is documented`] };
    if (mediaType === undefined) return { operation: name, problems: ['a body without Content-Type'] };
    const contentType = contentTypes.find((c) => c.toLowerCase() === mediaType) ?? contentTypes.find((c) => mediaMatches(c, mediaType));
    if (contentType === undefined)
      return { operation: name, problems: [`Content-Type ${mediaType} is not documented (documented: ${contentTypes.join(', ')})`] };
    const schema = documented.content?.[contentType]?.schema;
    if (!schema || !isJsonMedia(mediaType)) return { operation: name, problems };
    if (headerOf(response.headers, 'content-encoding')) return { operation: name, problems };

    const validatorKey = `${verb} ${template.path} ${key} ${contentType}`;
    if (this.validBodies.get(response.body) === validatorKey) return { operation: name, problems };
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      return { operation: name, problems: ['the body is not valid JSON'] };
    }
    const validate = this.validatorFor(validatorKey, schema);
    if (!validate(body)) return { operation: name, problems: describeErrors(validate.errors) };
    this.validBodies.set(response.body, validatorKey);
    return { operation: name, problems };
  }

  private undocumentedStatus(
    name: string,
    response: ObservedResponse,
    mediaType: string | undefined,
    responses: Record<string, ResponseObject>,
  ): Omit<CheckResult, 'operation'> {
    const status = response.status;
    const documented = Object.keys(responses).join(', ');
    const conditional = response.requestHeaders?.['if-none-match'] !== undefined || response.requestHeaders?.['if-modified-since'] !== undefined;
    if (status === 304 && conditional && responses['200'] !== undefined) return { problems: [] };
    if (status >= 500 && this.isErrorBody(response, mediaType)) return { problems: [] };
    if (status >= 400 && status < 500 && process.env.CONTRACT_LENIENT_ERRORS === '1' && this.isErrorBody(response, mediaType)) {
      const code = (JSON.parse(response.body.toString('utf8')) as { code?: string }).code;
      return { problems: [], undocumentedError: { operation: name, status, ...(code ? { code } : {}) } };
    }
    return { problems: [`status ${status} is not documented (documented: ${documented})`] };
  }

  /** True for a JSON body in the API's error shape. */
  isErrorBody(response: ObservedResponse, mediaType = mediaTypeOf(response.headers)): boolean {
    if (!this.errorBody || mediaType === undefined || !isJsonMedia(mediaType)) return false;
    try {
      return this.errorBody(JSON.parse(response.body.toString('utf8')));
    } catch {
      return false;
    }
  }

  private validatorFor(key: string, schema: JsonObject): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema, this.closed) as JsonObject);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** True when a has a literal segment where b has a parameter, at the first place they differ. */
function moreLiteral(a: Template, b: Template): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const aLiteral = a.segments[i] !== null;
    const bLiteral = b.segments[i] !== null;
    if (aLiteral !== bLiteral) return aLiteral;
  }
  return false;
}

/** The documented response for a status: exact, then a range such as 4XX, then default. */
function responseKey(responses: Record<string, ResponseObject>, status: number): string | undefined {
  const keys = Object.keys(responses);
  return (
    keys.find((k) => k === String(status)) ?? keys.find((k) => k.toUpperCase() === `${String(status)[0]}XX`) ?? keys.find((k) => k === 'default')
  );
}

let shared: ContractValidator | undefined;

/** The validator for the committed openapi.json at the repository root (loaded and compiled once per test file). */
export function contractValidator(): ContractValidator {
  shared ??= new ContractValidator(JSON.parse(readFileSync(resolve(__dirname, '../../openapi.json'), 'utf8')) as OpenApiDocument);
  return shared;
}

/** Mismatches recorded since the last take, shared by every copy of this module in the test file's realm. */
const RECORD = Symbol.for('shop.contract.mismatches');
type Recorded = { mismatches: ContractMismatch[] };

function record(): Recorded {
  const holder = globalThis as typeof globalThis & { [RECORD]?: Recorded };
  holder[RECORD] ??= { mismatches: [] };
  return holder[RECORD];
}

/** Returns and forgets the mismatches recorded so far. */
export function takeContractMismatches(): ContractMismatch[] {
  return record().mismatches.splice(0);
}

export function formatMismatches(mismatches: ContractMismatch[]): string {
  return mismatches
    .map((m) => `${m.method} ${m.path} → ${m.status}${m.operation ? ` (${m.operation})` : ''}:\n    ${m.problems.join('\n    ')}`)
    .join('\n');
}

/** Checks a response and records a mismatch (and, with CONTRACT_REPORT, a leniently accepted error status). */
export function checkAndRecord(response: ObservedResponse, validator: ContractValidator = contractValidator()): CheckResult {
  let result: CheckResult;
  try {
    result = validator.check(response);
  } catch (error) {
    result = { problems: [`the contract validator failed: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (result.problems.length > 0) {
    record().mismatches.push({
      method: response.method,
      path: response.url,
      status: response.status,
      operation: result.operation,
      problems: result.problems,
    });
  }
  const reportFile = process.env.CONTRACT_REPORT;
  if (result.undocumentedError && reportFile) appendFileSync(reportFile, `${JSON.stringify(result.undocumentedError)}\n`);
  return result;
}

type Chunk = string | Uint8Array;
const MAX_CAPTURED_BYTES = 8 * 1024 * 1024;

function toBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return undefined;
}

/** Headers given to writeHead (an object or Node's flat [name, value, …] list), merged over those already set. */
function mergeHeaders(set: OutgoingHttpHeaders, given: unknown): OutgoingHttpHeaders {
  const merged: OutgoingHttpHeaders = { ...set };
  if (Array.isArray(given)) {
    for (let i = 0; i + 1 < given.length; i += 2) merged[String(given[i]).toLowerCase()] = given[i + 1] as string | string[];
  } else if (isObject(given)) {
    for (const [name, value] of Object.entries(given)) merged[name.toLowerCase()] = value as string | string[] | number;
  }
  return merged;
}

/**
 * Checks every response of this HTTP server against the contract: a 'request' listener put before all others
 * (Express, Nest) wraps writeHead, write and end of the response, and the completed response is
 * checked synchronously inside end(), before the client can read it, so a mismatch is recorded before the test
 * that asked sees its answer.
 */
export function recordContract(server: Server, validator: () => ContractValidator = contractValidator): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const requestHeaders = req.headers;
    const chunks: Buffer[] = [];
    let captured = 0;
    let given: unknown;
    const keep = (chunk: unknown, encoding: unknown) => {
      const buffer = toBuffer(chunk, encoding);
      if (buffer && captured + buffer.length <= MAX_CAPTURED_BYTES) {
        chunks.push(buffer);
        captured += buffer.length;
      }
    };

    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      given = args.find((a, i) => i > 0 && typeof a === 'object' && a !== null);
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    const write = res.write;
    res.write = function (this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
      keep(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
      return (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    } as typeof res.write;
    const end = res.end;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      if (args.length > 0 && typeof args[0] !== 'function') keep(args[0], typeof args[1] === 'string' ? args[1] : undefined);
      const result = (end as (...a: unknown[]) => ServerResponse).apply(this, args);
      res.end = end;
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      checkAndRecord({ method, url, status: res.statusCode, headers: mergeHeaders(res.getHeaders(), given), body, requestHeaders }, validator());
      return result;
    } as typeof res.end;
  });
}
