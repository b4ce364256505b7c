import { Body, Controller, Get, HttpCode, Inject, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { ApiErrors } from '../common/api-errors';
import type { AuthUser } from '../auth/auth-user';
import { clearAuthCookie } from '../auth/auth-cookie';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { AuthRateLimit } from '../auth/auth-rate-limit';
import { AuthService } from '../auth/auth.service';
import { LoginDto, RegisterDto } from './dto/register.dto';
import { UpdateProfileDto } from './dto/profile.dto';
import { MessageDto, UserDto, UserInfoDto } from './dto/user-info.dto';
import { respondSignedIn } from './signed-in-response';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @AuthRateLimit()
  @ApiOperation({ summary: 'Register a customer account and sign in', description: 'A field that is not allowed (isAdmin, role, …) answers 400.' })
  @ApiCreatedResponse({ type: UserInfoDto })
  @ApiErrors('EMAIL_TAKEN')
  async register(@Body() dto: RegisterDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    const user = await this.auth.register(dto);
    return respondSignedIn(res, this.config, this.auth.signIn(user));
  }

  @Post('auth')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign in with e-mail and password' })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiErrors('INVALID_CREDENTIALS', 'TOO_MANY_FAILED_SIGN_INS')
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    const user = await this.auth.verifyCredentials(dto);
    return respondSignedIn(res, this.config, this.auth.signIn(user));
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: revokes the token and clears the cookie' })
  @ApiOkResponse({ type: MessageDto })
  async logout(@CurrentUser() user: AuthUser | undefined, @Res({ passthrough: true }) res: FastifyReply): Promise<MessageDto> {
    await this.auth.logout(user);
    clearAuthCookie(res, this.config);
    return { message: 'Logged out successfully' };
  }

  @Get('profile')
  @Auth()
  @ApiOperation({ summary: "The signed-in user's profile" })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors('USER_NOT_FOUND')
  profile(@CurrentUser() user: AuthUser): Promise<UserDto> {
    return this.users.profile(user);
  }

  @Put('profile')
  @Auth()
  @ApiOperation({
    summary: "Update the signed-in user's username, e-mail and/or password",
    description:
      'A new e-mail or password requires currentPassword. A new password voids every earlier token. Answers the user info with a fresh token (and cookie), which the client stores in place of the old one.',
  })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiErrors(
    'PASSWORD_REQUIRED',
    'CURRENT_PASSWORD_REQUIRED',
    'WRONG_CURRENT_PASSWORD',
    'NOT_YOUR_PROFILE',
    'USER_NOT_FOUND',
    'EMAIL_TAKEN',
    'TOO_MANY_FAILED_SIGN_INS',
  )
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    return respondSignedIn(res, this.config, this.users.updateProfile(user, dto));
  }
}
