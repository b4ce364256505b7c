import type { Types } from 'mongoose';

/** The signed-in caller, as guards resolve it from a verified token and the current user record. */
export interface AuthUser {
  id: string;
  objectId: Types.ObjectId;
  username: string;
  email: string;
  isAdmin: boolean;
  isDistributor: boolean;
  /** Token id and expiry, for logout. */
  jti: string;
  exp: number;
  /** How the request authenticated: the bearer header or the jwt cookie. */
  via: 'bearer' | 'cookie';
}

/** Who may call a route: any signed-in user, admins only, or distributors (and admins). */
export type Role = 'user' | 'admin' | 'distributor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by AuthenticationGuard on every request (undefined for a guest). */
    user?: AuthUser;
  }
}
