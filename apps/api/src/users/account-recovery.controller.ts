import { Body, Controller, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { clearAuthCookie } from '../auth/auth-cookie';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { AuthRateLimit } from '../auth/auth-rate-limit';
import { ApiErrors } from '../common/api-errors';
import { AccountDeletionService, DELETION_DONE_MESSAGE, DELETION_REQUESTED_MESSAGE } from './account-deletion.service';
import { ForgotPasswordDto, ResetPasswordDto } from './dto/password-reset.dto';
import { MessageDto } from './dto/user-info.dto';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_DONE, PasswordResetService } from './password-reset.service';

/** Password reset and account deletion, both confirmed through a mailed single-use link. */
@ApiTags('users')
@Controller('users')
export class AccountRecoveryController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly deletions: AccountDeletionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('forgot-password')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Mail a password reset link (valid 1 hour, single use)',
    description: 'The same answer whether or not the account exists.',
  })
  @ApiOkResponse({ type: MessageDto })
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<MessageDto> {
    await this.resets.forgot(dto.email);
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  @Post('reset-password/:token')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Set a new password with a reset link', description: 'Voids every token issued before.' })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors('INVALID_RESET_TOKEN')
  async resetPassword(@Param('token') token: string, @Body() dto: ResetPasswordDto): Promise<MessageDto> {
    await this.resets.reset(token, dto.password);
    return { message: PASSWORD_RESET_DONE };
  }

  @Post('request-deletion')
  @HttpCode(202)
  @Auth()
  @ApiOperation({ summary: 'Ask to delete the account: mails a confirmation link (valid 24 hours)' })
  @ApiAcceptedResponse({ type: MessageDto })
  @ApiErrors('USER_NOT_FOUND', 'LAST_ADMIN')
  async requestDeletion(@CurrentUser() user: AuthUser): Promise<MessageDto> {
    await this.deletions.request(user);
    return { message: DELETION_REQUESTED_MESSAGE };
  }

  @Post('confirm-deletion/:token')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Confirm the deletion with the mailed link',
    description:
      'Deletes the account, its cart and favourites; its orders stay with the personal data removed. Every token of the account stops working.',
  })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors('INVALID_DELETION_TOKEN', 'LAST_ADMIN')
  async confirmDeletion(@Param('token') token: string, @Res({ passthrough: true }) res: FastifyReply): Promise<MessageDto> {
    await this.deletions.confirm(token);
    clearAuthCookie(res, this.config);
    return { message: DELETION_DONE_MESSAGE };
  }
}
