import type { ErrorCode } from './error-codes';

/**
 * A rule of the shop was not met. Services throw these; the global filter turns them into
 * { statusCode, message, code, errors? }. The code is stable for clients; the message is for people.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (code: ErrorCode, message: string, errors?: Record<string, string>) => new DomainError(400, code, message, errors);
export const unauthorized = (code: ErrorCode, message: string) => new DomainError(401, code, message);
export const forbidden = (code: ErrorCode, message: string) => new DomainError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new DomainError(404, code, message);
export const conflict = (code: ErrorCode, message: string, errors?: Record<string, string>) => new DomainError(409, code, message, errors);
