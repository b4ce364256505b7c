import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, Optional } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDuplicateKeyError } from '@shop/database';
import { DomainError } from './domain-error';
import { isUnavailableError, SERVICE_UNAVAILABLE_MESSAGE } from './service-unavailable';
import type { ErrorBody } from './error-body';
import { isErrorCode, type ErrorCode } from './error-codes';
import { WebPages } from '../web/web-pages';

interface HttpErrorLike {
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
};

function fromHttpException(exception: HttpException): ErrorBody {
  const statusCode = exception.getStatus();
  const response = exception.getResponse();
  const body: ErrorBody = { statusCode, message: exception.message, code: STATUS_CODES[statusCode] };
  if (typeof response === 'string') body.message = response;
  else if (response && typeof response === 'object') {
    const r = response as { message?: unknown; errors?: unknown; code?: unknown };
    if (typeof r.message === 'string') body.message = r.message;
    else if (Array.isArray(r.message) && typeof r.message[0] === 'string') body.message = r.message[0];
    if (r.errors && typeof r.errors === 'object') body.errors = r.errors as Record<string, string>;
    if (isErrorCode(r.code)) body.code = r.code;
  }
  return body;
}

/** Errors of the HTTP layer (Fastify's own, a stream's) carry a status. Malformed JSON is the body parser's DomainError. */
function fromHttpError(error: HttpErrorLike): ErrorBody | undefined {
  const status = error.status ?? error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  return {
    statusCode: status,
    message: STATUS_CODES[status] ? STATUS_CODES[status].toLowerCase().replace(/_/g, ' ') : 'Bad request',
    code: STATUS_CODES[status],
  };
}

/**
 * Turns every error into { statusCode, message, code?, errors? }. Unknown errors are logged with the
 * request id and answered as a generic 500: no stack, no driver text. A page request of the web apps (a GET of
 * a client route outside /api, see WebPages) gets the shop's error page with that status instead of JSON.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(@Optional() private readonly pages?: WebPages) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const body = this.toBody(exception, request);
    if (response.sent || response.raw.headersSent) return;
    if (this.pages?.sendErrorPage(request, response, body.statusCode)) return;
    void response.status(body.statusCode).send(body);
  }

  private toBody(exception: unknown, request: FastifyRequest): ErrorBody {
    if (exception instanceof DomainError) {
      return {
        statusCode: exception.status,
        message: exception.message,
        code: exception.code,
        ...(exception.errors ? { errors: exception.errors } : {}),
      };
    }
    if (exception instanceof ThrottlerException) {
      return { statusCode: 429, message: 'Too many requests, please try again later.', code: 'TOO_MANY_REQUESTS' };
    }
    if (exception instanceof HttpException) return fromHttpException(exception);
    if (isDuplicateKeyError(exception)) {
      const field = Object.keys(exception.keyPattern ?? exception.keyValue ?? {})[0] ?? 'value';
      return { statusCode: 409, message: `That ${field} is already taken`, code: 'DUPLICATE', errors: { [field]: `That ${field} is already taken` } };
    }
    if (isUnavailableError(exception)) {
      this.logger.warn(`${request.method} ${request.originalUrl} answered 503: ${(exception as Error).message}`);
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' };
    }
    if (exception && typeof exception === 'object') {
      const name = (exception as { name?: unknown }).name;
      if (name === 'CastError') return { statusCode: 404, message: 'Not found', code: 'NOT_FOUND' };
      if (name === 'ValidationError') {
        const errors: Record<string, string> = {};
        const details = (exception as { errors?: Record<string, { message?: string }> }).errors ?? {};
        for (const [field, detail] of Object.entries(details)) errors[field] = detail.message ?? 'Invalid value';
        return { statusCode: 400, message: Object.values(errors)[0] ?? 'Invalid input', code: 'VALIDATION_FAILED', errors };
      }
      const httpError = fromHttpError(exception);
      if (httpError) return httpError;
    }
    const requestId = String(request.id ?? '');
    this.logger.error(
      { err: exception, requestId, method: request.method, url: request.originalUrl },
      `Unhandled error on ${request.method} ${request.originalUrl}`,
    );
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: `Internal server error (request ${requestId})`, code: 'INTERNAL' };
  }
}
