import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { userChanges, type SessionUser } from '@shop/database';
import { FreshCache } from '../common/fresh-cache';
import { RedisBroadcast } from '../redis/redis-broadcast';
import { REDIS } from '../redis/redis.module';

/**
 * The accounts of recent signed-in callers (roles, name, tokensValidAfter), kept for SESSION_CACHE_TTL_MS so
 * that each request does not read its caller again. Any write to a user drops that user at once (mongoose
 * hooks, see SessionInvalidation).
 */
export class SessionCache extends FreshCache<SessionUser> {}

/**
 * Keeps every API instance's SessionCache honest: a user write made here drops the user before the write's
 * answer is sent, and is published on Redis so the other instances drop it within milliseconds. Writes made
 * outside the API (a database shell) show within SESSION_CACHE_TTL_MS.
 */
@Injectable()
export class SessionInvalidation implements OnModuleInit, OnApplicationShutdown {
  private readonly broadcast: RedisBroadcast;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly cache: SessionCache,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.broadcast = new RedisBroadcast(config, redis, 'users-changed', new Logger('SessionCache'));
  }

  onModuleInit(): void {
    if (!this.cache.enabled) return;
    this.unsubscribe = userChanges.subscribe((ids) => {
      this.cache.drop(ids);
      // "" when any user may have changed, else "<id>,<id>".
      this.broadcast.publish(ids ? ids.join(',') : '');
    });
    this.broadcast.start(
      () => this.cache.drop(undefined),
      (ids) => this.cache.drop(ids ? ids.split(',') : undefined),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await this.broadcast.stop();
  }
}
