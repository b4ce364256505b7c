import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { AuthRateLimit } from '../auth/auth-rate-limit';
import { ApiErrors } from '../common/api-errors';
import { GoogleSignInDto } from '../users/dto/google.dto';
import { UserInfoDto } from '../users/dto/user-info.dto';
import { GOOGLE_SIGN_IN_ERRORS } from '../users/google-auth.controller';
import { GoogleAuthService } from '../users/google-auth.service';
import { respondSignedIn } from '../users/signed-in-response';

const USE_GOOGLE = 'Use POST /api/users/google instead.';

/**
 * The spec's two Google paths under /api/users, kept for the clients that call them: both do what
 * POST /api/users/google does (sign in, registering a new Google user). Registered in UsersModule before
 * AdminUsersController, so these literal paths are matched before /users/:id.
 */
@ApiTags('users')
@Controller('users')
export class UsersCompatController {
  constructor(
    private readonly google: GoogleAuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('google-login')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign in with Google (spec path)', deprecated: true, description: USE_GOOGLE })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiErrors(...GOOGLE_SIGN_IN_ERRORS)
  googleLogin(@Body() dto: GoogleSignInDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    return respondSignedIn(res, this.config, this.google.signIn(dto));
  }

  @Post('google-signin')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign up (or in) with Google (spec path)', deprecated: true, description: USE_GOOGLE })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiErrors(...GOOGLE_SIGN_IN_ERRORS)
  googleSignIn(@Body() dto: GoogleSignInDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    return respondSignedIn(res, this.config, this.google.signIn(dto));
  }
}
