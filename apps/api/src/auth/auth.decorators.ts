import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors, type ErrorEntry } from '../common/api-errors';
import type { AuthUser, Role } from './auth-user';

export const ROLE_KEY = 'shop:role';

/**
 * Requires a signed-in caller (401 otherwise) with the given role (403 otherwise):
 * 'user' = anyone signed in, 'admin' = admins, 'distributor' = distributors and admins.
 */
export function Auth(role: Role = 'user') {
  const errors: ErrorEntry[] = ['NOT_AUTHENTICATED'];
  if (role === 'admin') errors.push('ADMIN_ONLY');
  if (role === 'distributor') errors.push('DISTRIBUTOR_ONLY');
  return applyDecorators(SetMetadata(ROLE_KEY, role), ApiBearerAuth(), ApiCookieAuth('jwt'), ApiErrors(...errors));
}

/** The signed-in caller (the route must use @Auth), or undefined on public routes for guests. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().user;
});
