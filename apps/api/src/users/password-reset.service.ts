import { Injectable } from '@nestjs/common';
import { UsersRepository, UserTokensRepository, hashPassword } from '@shop/database';
import { JobsService } from '@shop/jobs';
import { LoginAttemptsService } from '../auth/login-attempts.service';
import { hashOneTimeToken, looksLikeOneTimeToken, newOneTimeToken, RESET_TOKEN_TTL_MS } from '../auth/one-time-token';
import { badRequest } from '../common/domain-error';

/** The one answer of forgot-password, whether or not the account exists. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this e-mail, a password reset link has been sent.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

const invalidLink = () => badRequest('INVALID_RESET_TOKEN', 'This password reset link is invalid or has expired');

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly oneTimeTokens: UserTokensRepository,
    private readonly jobs: JobsService,
    private readonly attempts: LoginAttemptsService,
  ) {}

  /** Mails a reset link (1 hour, single use) when the account exists; says nothing either way. */
  async forgot(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = newOneTimeToken();
    const saved = await this.oneTimeTokens.create({
      purpose: 'reset',
      tokenHash: hashOneTimeToken(token),
      userId: user._id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await this.jobs.enqueue('mail.password-reset', { to: user.email, username: user.username, token }, saved._id.toString());
  }

  /** Sets the new password, uses up the token and voids every token issued before. */
  async reset(token: string, password: string): Promise<void> {
    if (!looksLikeOneTimeToken(token)) throw invalidLink();
    const tokenHash = hashOneTimeToken(token);
    const now = new Date();
    if (!(await this.oneTimeTokens.findUsable('reset', tokenHash, now))) throw invalidLink();
    const passwordHash = await hashPassword(password);
    const used = await this.oneTimeTokens.consume('reset', tokenHash, new Date());
    if (!used) throw invalidLink();
    const user = await this.users.update(used.userId, { passwordHash, tokensValidAfter: new Date() });
    if (!user) throw invalidLink();
    await this.oneTimeTokens.voidAllOf(user._id, 'reset', new Date());
    await this.attempts.reset(user.email);
  }
}
