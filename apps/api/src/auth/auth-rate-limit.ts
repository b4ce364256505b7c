import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { ErrorBody } from '../common/error-body';

const AUTH_RATE_LIMITED = 'shop:auth-rate-limited';

/** Puts a route under the 'auth' throttler: RATE_LIMIT_AUTH calls per minute per client IP. */
export function AuthRateLimit() {
  return applyDecorators(SetMetadata(AUTH_RATE_LIMITED, true), ApiTooManyRequestsResponse({ type: ErrorBody, description: 'Too many attempts' }));
}

/** skipIf for the 'auth' throttler: it only counts routes marked with @AuthRateLimit. */
export function isNotAuthRateLimited(context: ExecutionContext): boolean {
  return Reflect.getMetadata(AUTH_RATE_LIMITED, context.getHandler()) !== true;
}
