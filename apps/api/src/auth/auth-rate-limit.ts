import { applyDecorators, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiErrors } from '../common/api-errors';

const AUTH_RATE_LIMITED = 'shop:auth-rate-limited';

/**
 * Puts a route under the 'auth' throttler: RATE_LIMIT_AUTH calls per minute per client IP, answering 429
 * TOO_MANY_REQUESTS beyond. (TOO_MANY_FAILED_SIGN_INS, the per-account limit, is documented by the handlers
 * that check a password.)
 */
export function AuthRateLimit() {
  return applyDecorators(SetMetadata(AUTH_RATE_LIMITED, true), ApiErrors('TOO_MANY_REQUESTS'));
}

/** skipIf for the 'auth' throttler: it only counts routes marked with @AuthRateLimit. */
export function isNotAuthRateLimited(context: ExecutionContext): boolean {
  return Reflect.getMetadata(AUTH_RATE_LIMITED, context.getHandler()) !== true;
}
