import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { AccountCleanupRepository, UsersRepository, UserTokensRepository } from '@shop/database';

/**
 * Removes an account: its orders stay for the books with the personal data replaced, its cart and its
 * one-time tokens go, then the user record (with its favourites). Tokens of a deleted user resolve to
 * no one, so every session ends with it.
 */
@Injectable()
export class AccountRemovalService {
  constructor(
    private readonly users: UsersRepository,
    private readonly cleanup: AccountCleanupRepository,
    private readonly oneTimeTokens: UserTokensRepository,
  ) {}

  async remove(userId: Types.ObjectId): Promise<void> {
    // Void every token first, so nothing acts for the account while it is being removed.
    await this.users.update(userId, { tokensValidAfter: new Date() });
    await this.cleanup.anonymiseOrdersOf(userId);
    await this.cleanup.deleteCartOf(userId);
    await this.oneTimeTokens.deleteAllOf(userId);
    await this.users.deleteById(userId);
  }
}
