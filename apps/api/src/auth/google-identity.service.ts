import { Inject, Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { DomainError, unauthorized } from '../common/domain-error';

/** The identity a verified Google ID token vouches for. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Verifies Google ID tokens: RS256 signature against Google's published keys (GOOGLE_JWKS_URL, fetched
 * and cached by jose), audience GOOGLE_CLIENT_ID, Google's issuer, expiry, and a verified e-mail.
 */
@Injectable()
export class GoogleIdentityService {
  private readonly logger = new Logger(GoogleIdentityService.name);
  private jwks?: JWTVerifyGetKey;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.googleClientId);
  }

  async verify(credential: string): Promise<GoogleIdentity> {
    const clientId = this.config.googleClientId;
    if (!clientId) throw new DomainError(503, 'GOOGLE_NOT_CONFIGURED', 'Google sign-in is not configured');
    this.jwks ??= createRemoteJWKSet(new URL(this.config.googleJwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(credential, this.jwks, {
        algorithms: ['RS256'],
        audience: clientId,
        issuer: GOOGLE_ISSUERS,
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || (error instanceof joseErrors.JOSEError && error.code === 'ERR_JOSE_GENERIC')) {
        this.logger.warn(`Google keys could not be fetched: ${error.message}`);
      }
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
        throw unauthorized('INVALID_GOOGLE_CREDENTIAL', 'Invalid Google credential');
      throw error;
    }
    const { sub, email, email_verified: emailVerified, name, picture } = payload;
    if (typeof sub !== 'string' || sub.length === 0 || typeof email !== 'string')
      throw unauthorized('INVALID_GOOGLE_CREDENTIAL', 'Invalid Google credential');
    if (emailVerified !== true && emailVerified !== 'true')
      throw unauthorized('GOOGLE_EMAIL_NOT_VERIFIED', 'The e-mail of this Google account is not verified');
    return {
      sub,
      email: email.toLowerCase(),
      name: typeof name === 'string' ? name : undefined,
      picture: typeof picture === 'string' ? picture : undefined,
    };
  }
}
