import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { DomainError } from '../common/domain-error';
import { REDIS } from '../redis/redis.module';

/** Failed sign-ins allowed per account within the window, whatever address they come from. */
export const MAX_FAILED_SIGN_INS = 5;
export const FAILED_SIGN_IN_WINDOW_SECONDS = 15 * 60;

/**
 * The per-account limit on failed sign-ins, in Redis (shared by every API instance). Rotating client
 * addresses does not help an attacker: the count is keyed by the e-mail that is being guessed.
 */
@Injectable()
export class LoginAttemptsService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  private key(email: string): string {
    return `login-failures:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
  }

  /** 429 when the account has had too many failed sign-ins lately. */
  async assertAllowed(email: string): Promise<void> {
    const failures = Number((await this.redis.get(this.key(email))) ?? '0');
    if (failures >= MAX_FAILED_SIGN_INS) {
      throw new DomainError(429, 'TOO_MANY_FAILED_SIGN_INS', 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.');
    }
  }

  async recordFailure(email: string): Promise<void> {
    const key = this.key(email);
    const count = await this.redis.incr(key);
    // The window starts with the first failure; a key left without expiry (a crash between the calls) gets one.
    if (count === 1 || (await this.redis.ttl(key)) < 0) await this.redis.expire(key, FAILED_SIGN_IN_WINDOW_SECONDS);
  }

  async reset(email: string): Promise<void> {
    await this.redis.del(this.key(email));
  }
}
