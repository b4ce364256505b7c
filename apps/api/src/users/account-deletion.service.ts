import { Injectable } from '@nestjs/common';
import { UsersRepository, UserTokensRepository } from '@shop/database';
import { JobsService } from '@shop/jobs';
import type { AuthUser } from '../auth/auth-user';
import { DELETION_TOKEN_TTL_MS, hashOneTimeToken, looksLikeOneTimeToken, newOneTimeToken } from '../auth/one-time-token';
import { badRequest, notFound } from '../common/domain-error';
import { AccountRemovalService } from './account-removal.service';

/** The spec's info message after a deletion request. */
export const DELETION_REQUESTED_MESSAGE = 'A verification email has been sent. Please check your email to confirm account deletion.';
export const DELETION_DONE_MESSAGE = 'Your account has been deleted';

const invalidLink = () => badRequest('INVALID_DELETION_TOKEN', 'This account deletion link is invalid or has expired');

/** Account deletion in two steps: a request mails a link (24 hours, single use); following it deletes. */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly users: UsersRepository,
    private readonly oneTimeTokens: UserTokensRepository,
    private readonly jobs: JobsService,
    private readonly removal: AccountRemovalService,
  ) {}

  async request(caller: AuthUser): Promise<void> {
    const user = await this.users.findById(caller.objectId);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    if (user.isAdmin) await this.assertNotLastAdmin();
    const token = newOneTimeToken();
    const saved = await this.oneTimeTokens.create({
      purpose: 'deletion',
      tokenHash: hashOneTimeToken(token),
      userId: user._id,
      expiresAt: new Date(Date.now() + DELETION_TOKEN_TTL_MS),
    });
    await this.jobs.enqueue('mail.account-deletion', { to: user.email, username: user.username, token }, saved._id.toString());
  }

  async confirm(token: string): Promise<void> {
    if (!looksLikeOneTimeToken(token)) throw invalidLink();
    const tokenHash = hashOneTimeToken(token);
    const pending = await this.oneTimeTokens.findUsable('deletion', tokenHash, new Date());
    if (!pending) throw invalidLink();
    const user = await this.users.findById(pending.userId);
    if (!user) throw invalidLink();
    if (user.isAdmin) await this.assertNotLastAdmin();
    if (!(await this.oneTimeTokens.consume('deletion', tokenHash, new Date()))) throw invalidLink();
    await this.removal.remove(user._id);
  }

  private async assertNotLastAdmin(): Promise<void> {
    if ((await this.users.countAdmins()) <= 1) throw badRequest('LAST_ADMIN', 'The last admin cannot delete their account');
  }
}
