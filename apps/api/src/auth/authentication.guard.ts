import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Types } from 'mongoose';
import { UsersRepository } from '@shop/database';
import { forbidden, unauthorized } from '../common/domain-error';
import { MemoizedReflector } from '../common/memoized-reflector';
import { isUnavailableError } from '../common/service-unavailable';
import type { AuthUser, Role } from './auth-user';
import { ROLE_KEY } from './auth.decorators';
import { AUTH_COOKIE, bearerToken } from './auth-cookie';
import { SessionCache } from './session-cache';
import { TokenService } from './token.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request that authenticates only by cookie must come from our own pages: the
 * browser says so in Sec-Fetch-Site, or the client sets X-Requested-With (a cross-site form cannot).
 */
function passesCsrfCheck(req: FastifyRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const site = req.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  if (site === 'cross-site' || site === 'same-site') return false;
  return typeof req.headers['x-requested-with'] === 'string';
}

/**
 * Global guard. Resolves the caller from the bearer token or the jwt cookie on every request, then
 * enforces @Auth(role) where a route asks for it. A bad token on a public route is treated as a guest.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: MemoizedReflector,
    private readonly tokens: TokenService,
    private readonly users: UsersRepository,
    private readonly sessions: SessionCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const role = this.reflector.getAllAndOverride<Role | undefined>(ROLE_KEY, [context.getHandler(), context.getClass()]);
    try {
      req.user = await this.resolve(req);
    } catch (error) {
      // Redis (the denylist) or the database cannot say whether the token is still good: a guest on public
      // routes, a 503 where a signed-in caller is required.
      if (role || !isUnavailableError(error)) throw error;
      req.user = undefined;
    }
    if (req.user?.via === 'cookie' && !passesCsrfCheck(req)) {
      // A cross-site request may not act with the cookie: a guest on public routes, refused elsewhere.
      req.user = undefined;
      if (role) throw forbidden('CSRF', 'Cross-site request refused');
    }
    if (!role) return true;
    if (!req.user) throw unauthorized('NOT_AUTHENTICATED', 'Not authorized, please log in');
    if (role === 'admin' && !req.user.isAdmin) throw forbidden('ADMIN_ONLY', 'Not authorized as an admin');
    if (role === 'distributor' && !req.user.isDistributor && !req.user.isAdmin)
      throw forbidden('DISTRIBUTOR_ONLY', 'Not authorized as a distributor');
    return true;
  }

  private async resolve(req: FastifyRequest): Promise<AuthUser | undefined> {
    const fromHeader = bearerToken(req.headers.authorization);
    const cookies = req.cookies as Record<string, unknown> | undefined;
    const fromCookie = typeof cookies?.[AUTH_COOKIE] === 'string' ? cookies[AUTH_COOKIE] : undefined;
    const token = fromHeader ?? fromCookie;
    if (!token) return undefined;
    const claims = await this.tokens.verifySignature(token);
    if (!claims || !Types.ObjectId.isValid(claims.sub)) return undefined;
    // The denylist and the user are looked up together: one round trip's wait instead of two. A caller seen in
    // the last SESSION_CACHE_TTL_MS comes from the session cache (dropped at once when the account changes).
    const cached = this.sessions.get(claims.sub);
    const generation = this.sessions.begin();
    const [revoked, user] = await Promise.all([
      this.tokens.isRevoked(claims.jti),
      cached ?? this.users.findSessionUser(new Types.ObjectId(claims.sub)),
    ]);
    if (user && !cached) this.sessions.store(claims.sub, user, generation);
    if (revoked || !user) return undefined;
    // Tokens issued before a password reset or an account deletion are void.
    if (claims.issuedAtMs < user.tokensValidAfter.getTime()) return undefined;
    return {
      id: user._id.toString(),
      objectId: user._id,
      username: user.username,
      email: user.email,
      isAdmin: user.isAdmin,
      isDistributor: user.isDistributor,
      jti: claims.jti,
      exp: claims.exp,
      via: fromHeader ? 'bearer' : 'cookie',
    };
  }
}
