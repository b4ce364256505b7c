import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorBody } from '../common/error-body';
import type { AuthUser, Role } from './auth-user';

export const ROLE_KEY = 'shop:role';

/**
 * Requires a signed-in caller (401 otherwise) with the given role (403 otherwise):
 * 'user' = anyone signed in, 'admin' = admins, 'distributor' = distributors and admins.
 */
export function Auth(role: Role = 'user') {
  const decorators = [SetMetadata(ROLE_KEY, role), ApiBearerAuth(), ApiCookieAuth('jwt'), ApiUnauthorizedResponse({ type: ErrorBody, description: 'Not signed in' })];
  if (role !== 'user') decorators.push(ApiForbiddenResponse({ type: ErrorBody, description: `Only for ${role === 'admin' ? 'admins' : 'distributors and admins'}` }));
  return applyDecorators(...decorators);
}

/** The signed-in caller (the route must use @Auth), or undefined on public routes for guests. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<Request>().user;
});
