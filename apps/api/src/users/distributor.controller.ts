import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { AuthRateLimit } from '../auth/auth-rate-limit';
import { AuthService } from '../auth/auth.service';
import { ApiErrors } from '../common/api-errors';
import { forbidden } from '../common/domain-error';
import { DistributorRegisterDto } from './dto/distributor.dto';
import { LoginDto } from './dto/register.dto';
import { UserInfoDto } from './dto/user-info.dto';
import { respondSignedIn } from './signed-in-response';

/** Distributor sign-up and sign-in: /api/users/distributor/register and /login. */
@ApiTags('users')
@Controller('users/distributor')
export class DistributorController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Register a distributor account (with its store name) and sign in',
    description: 'A field that is not allowed answers 400.',
  })
  @ApiCreatedResponse({ type: UserInfoDto })
  @ApiErrors('EMAIL_TAKEN')
  async register(@Body() dto: DistributorRegisterDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    const user = await this.auth.register(dto, { isDistributor: true, storeName: dto.storeName });
    return respondSignedIn(res, this.config, this.auth.signIn(user));
  }

  @Post('login')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign in as a distributor (distributor accounts only)' })
  @ApiOkResponse({ type: UserInfoDto })
  @ApiErrors('INVALID_CREDENTIALS', 'TOO_MANY_FAILED_SIGN_INS', 'NOT_A_DISTRIBUTOR')
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: FastifyReply): Promise<UserInfoDto> {
    const user = await this.auth.verifyCredentials(dto);
    if (!user.isDistributor) throw forbidden('NOT_A_DISTRIBUTOR', 'This account is not a distributor account. Please sign in at the customer login.');
    return respondSignedIn(res, this.config, this.auth.signIn(user));
  }
}
