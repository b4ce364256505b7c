import { applyDecorators } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorBody } from './error-body';
import { ERROR_STATUS, type ErrorCode } from './error-codes';

/** A code at its usual status (ERROR_STATUS), or [code, status] where this operation answers it with another. */
export type ErrorEntry = ErrorCode | readonly [ErrorCode, number];

const ERRORS_KEY = 'shop:api-errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Payment provider error',
  503: 'Unavailable',
};

function byStatus(entries: readonly (readonly [ErrorCode, number])[]): Map<number, ErrorCode[]> {
  const map = new Map<number, ErrorCode[]>();
  for (const [code, status] of entries) {
    const codes = map.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    map.set(status, codes);
  }
  return map;
}

/** The error body of one status, its `code` narrowed to the codes this operation answers with. */
export function errorResponseSchema(codes: readonly ErrorCode[]) {
  return {
    allOf: [
      { $ref: getSchemaPath(ErrorBody) },
      { type: 'object' as const, required: ['code'], properties: { code: { type: 'string' as const, enum: [...codes] } } },
    ],
  };
}

/**
 * Documents the error answers of an operation: one response per status, with the codes it can carry. Codes
 * from several ApiErrors on one handler (e.g. @Auth's 401/403 and the handler's own 403) are merged, so a
 * status is never documented with only part of its codes. On a controller it applies to each of its routes.
 */
export function ApiErrors(...entries: ErrorEntry[]): MethodDecorator & ClassDecorator {
  const own = entries.map((e): readonly [ErrorCode, number] => (typeof e === 'string' ? [e, ERROR_STATUS[e]] : e));
  const onHandler = (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
    const handler = descriptor.value as object;
    const prior = (Reflect.getMetadata(ERRORS_KEY, handler) as (readonly [ErrorCode, number])[] | undefined) ?? [];
    const all = [...prior, ...own];
    Reflect.defineMetadata(ERRORS_KEY, all, handler);
    const responses = [...byStatus(all)].map(([status, codes]) =>
      ApiResponse({ status, description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.join(', ')}`, schema: errorResponseSchema(codes) }),
    );
    applyDecorators(ApiExtraModels(ErrorBody), ...responses)(target, key, descriptor);
  };
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (key !== undefined && descriptor) return onHandler(target, key, descriptor);
    // A controller: its methods were decorated first, so each route handler can be given the codes now.
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = Object.getOwnPropertyDescriptor(prototype, name);
      const handler: unknown = method?.value;
      if (method && name !== 'constructor' && typeof handler === 'function' && Reflect.getMetadata(PATH_METADATA, handler) !== undefined) {
        onHandler(prototype, name, method);
      }
    }
  };
}
