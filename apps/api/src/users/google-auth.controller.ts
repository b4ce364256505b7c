import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { AuthRateLimit } from '../auth/auth-rate-limit';
import { AuthService } from '../auth/auth.service';
import { ErrorBody } from '../common/error-body';
import { GoogleSignInDto } from './dto/google.dto';
import { UserInfoDto } from './dto/user-info.dto';
import { GoogleAuthService } from './google-auth.service';
import { respondSignedIn } from './signed-in-response';

const DESCRIPTION =
  'Verifies `credential` (a Google ID token) against Google\'s keys, audience GOOGLE_CLIENT_ID, issuer, expiry and email_verified. ' +
  'The account is keyed by the token\'s subject and linked to an existing account with the same e-mail; a new one is created otherwise. ' +
  'googleId and email, when sent, must match the token; username names a new account; photoURL must be https and is never fetched. ' +
  'google-login and google-signin behave the same.';

/** Google sign-in: /api/users/google-login and /api/users/google-signin. */
@ApiTags('users')
@Controller('users')
export class GoogleAuthController {
  constructor(
    private readonly google: GoogleAuthService,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async signIn(dto: GoogleSignInDto, res: Response): Promise<UserInfoDto> {
    const user = await this.google.signIn(dto);
    return respondSignedIn(res, this.config, this.auth.signIn(user));
  }

  @Post('google-login')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign in with Google', description: DESCRIPTION })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiUnauthorizedResponse({ type: ErrorBody, description: 'Missing, forged or expired Google credential' })
  @ApiConflictResponse({ type: ErrorBody, description: 'The e-mail is linked to another Google account' })
  @ApiServiceUnavailableResponse({ type: ErrorBody, description: 'Google sign-in is not configured' })
  login(@Body() dto: GoogleSignInDto, @Res({ passthrough: true }) res: Response): Promise<UserInfoDto> {
    return this.signIn(dto, res);
  }

  @Post('google-signin')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign up (or in) with Google', description: DESCRIPTION })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiUnauthorizedResponse({ type: ErrorBody, description: 'Missing, forged or expired Google credential' })
  @ApiConflictResponse({ type: ErrorBody, description: 'The e-mail is linked to another Google account' })
  @ApiServiceUnavailableResponse({ type: ErrorBody, description: 'Google sign-in is not configured' })
  signUp(@Body() dto: GoogleSignInDto, @Res({ passthrough: true }) res: Response): Promise<UserInfoDto> {
    return this.signIn(dto, res);
  }
}
