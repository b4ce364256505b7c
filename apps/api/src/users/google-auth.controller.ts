import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { AuthRateLimit } from '../auth/auth-rate-limit';
import { ApiErrors, type ErrorEntry } from '../common/api-errors';
import { GoogleSignInDto } from './dto/google.dto';
import { UserInfoDto } from './dto/user-info.dto';
import { GoogleAuthService } from './google-auth.service';
import { respondSignedIn } from './signed-in-response';

/** What a Google sign-in can answer besides 200. */
export const GOOGLE_SIGN_IN_ERRORS: readonly ErrorEntry[] = [
  'INVALID_GOOGLE_CREDENTIAL',
  'GOOGLE_EMAIL_NOT_VERIFIED',
  'GOOGLE_MISMATCH',
  'GOOGLE_ACCOUNT_CONFLICT',
  'GOOGLE_NOT_CONFIGURED',
];

const GOOGLE_DESCRIPTION =
  "Verifies `credential` (a Google ID token) against Google's keys, audience GOOGLE_CLIENT_ID, issuer, expiry and email_verified. " +
  "The account is keyed by the token's subject and linked to an existing account with the same e-mail; a new one is created otherwise. " +
  'googleId and email, when sent, must match the token; username names a new account; photoURL must be https and is never fetched. ' +
  "google-login and google-signin are the spec's two paths and do the same.";

/**
 * Google sign-in at the spec's two paths (shop-spec.md, "The calls it makes"): POST /api/users/google-login and
 * /google-signin both sign in, registering the Google user when new. Registered in UsersModule before
 * AdminUsersController, so these literal paths are matched before /users/:id.
 */
@ApiTags('users')
@Controller('users')
export class GoogleAuthController {
  constructor(
    private readonly google: GoogleAuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('google-login')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign in with Google, registering the Google user when new', description: GOOGLE_DESCRIPTION })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiErrors(...GOOGLE_SIGN_IN_ERRORS)
  googleLogin(@Body() dto: GoogleSignInDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    return respondSignedIn(res, this.config, this.google.signIn(dto));
  }

  @Post('google-signin')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign up (or in) with Google: the same as google-login', description: GOOGLE_DESCRIPTION })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiErrors(...GOOGLE_SIGN_IN_ERRORS)
  googleSignIn(@Body() dto: GoogleSignInDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    return respondSignedIn(res, this.config, this.google.signIn(dto));
  }
}
