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

/** What a Google sign-in can answer besides 200 (here and on the deprecated spec paths). */
export const GOOGLE_SIGN_IN_ERRORS: readonly ErrorEntry[] = [
  'INVALID_GOOGLE_CREDENTIAL',
  'GOOGLE_EMAIL_NOT_VERIFIED',
  'GOOGLE_MISMATCH',
  'GOOGLE_ACCOUNT_CONFLICT',
  'GOOGLE_NOT_CONFIGURED',
];

/** Google sign-in: POST /api/users/google (the spec's google-login and google-signin live in compat/). */
@ApiTags('users')
@Controller('users')
export class GoogleAuthController {
  constructor(
    private readonly google: GoogleAuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('google')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Sign in with Google, registering the Google user when new',
    description:
      "Verifies `credential` (a Google ID token) against Google's keys, audience GOOGLE_CLIENT_ID, issuer, expiry and email_verified. " +
      "The account is keyed by the token's subject and linked to an existing account with the same e-mail; a new one is created otherwise. " +
      'googleId and email, when sent, must match the token; username names a new account; photoURL must be https and is never fetched.',
  })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiErrors(...GOOGLE_SIGN_IN_ERRORS)
  signIn(@Body() dto: GoogleSignInDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    return respondSignedIn(res, this.config, this.google.signIn(dto));
  }
}
