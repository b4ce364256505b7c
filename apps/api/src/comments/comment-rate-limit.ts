import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DomainError } from '../common/domain-error';
import { REDIS } from '../redis/redis.module';

/** Comments a user may post per window. */
export const COMMENT_LIMIT = 5;
export const COMMENT_WINDOW_MS = 60_000;

/** One atomic step of a fixed window: count the hit, start the window on the first one. */
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return hits
`;

/**
 * Throttles commenting per account (not per IP, so people behind one address do not block each
 * other), in Redis so that every API instance shares the count.
 */
@Injectable()
export class CommentRateLimit {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async hit(userId: string): Promise<void> {
    const hits = Number(await this.redis.eval(HIT, 1, `comments:rate:${userId}`, COMMENT_WINDOW_MS));
    if (hits > COMMENT_LIMIT) throw new DomainError(429, 'TOO_MANY_COMMENTS', 'You are commenting too fast, please wait a minute.');
  }
}
