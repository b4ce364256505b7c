import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { REDIS } from '../redis/redis.module';
import { assertRedisReady } from '../common/service-unavailable';

export interface IssuedToken {
  token: string;
  /** Expiry as an ISO timestamp, for the client's expirationTime. */
  expiresAt: string;
  jti: string;
}

export interface TokenClaims {
  sub: string;
  jti: string;
  /** Issue time in milliseconds (the standard iat has only seconds). */
  issuedAtMs: number;
  exp: number;
}

const ISSUER = 'threadline-shop';
const AUDIENCE = 'threadline-shop';

/**
 * Session tokens: HS256 JWTs with a jti, verified against a fixed algorithm list, issuer and audience.
 * Logout puts the jti on a Redis denylist until the token would have expired anyway.
 */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  get lifetimeMs(): number {
    return this.config.jwtExpiresInDays * 24 * 3600 * 1000;
  }

  async issue(userId: string): Promise<IssuedToken> {
    const jti = randomUUID();
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 1000);
    const exp = now + Math.floor(this.lifetimeMs / 1000);
    const token = await new SignJWT({ iatMs: nowMs })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setJti(jti)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000).toISOString(), jti };
  }

  /** The claims of a valid, unrevoked token, or undefined. Never throws on bad input. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    const claims = await this.verifySignature(token);
    if (!claims || (await this.isRevoked(claims.jti))) return undefined;
    return claims;
  }

  /**
   * The claims of a well-signed, unexpired token, or undefined; the denylist is NOT consulted (callers
   * check isRevoked, e.g. in parallel with their own lookups). Never throws on bad input.
   */
  async verifySignature(token: string): Promise<TokenClaims | undefined> {
    if (token.length > 4096) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, clockTolerance: 5 });
      const { sub, jti, exp, iatMs } = payload;
      if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iatMs !== 'number' || typeof exp !== 'number') return undefined;
      return { sub, jti, issuedAtMs: iatMs, exp };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }

  async revoke(jti: string, exp: number): Promise<void> {
    const ttl = Math.max(1, exp - Math.floor(Date.now() / 1000));
    await this.redis.set(`revoked:${jti}`, '1', 'EX', ttl);
  }

  /** Whether the token was logged out. Throws RedisUnavailableError when Redis cannot answer (never guesses). */
  async isRevoked(jti: string): Promise<boolean> {
    assertRedisReady(this.redis);
    return (await this.redis.exists(`revoked:${jti}`)) === 1;
  }
}
