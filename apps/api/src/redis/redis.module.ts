import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { redisOptionsFromUrl } from '@shop/jobs';
import { THROTTLE_COMMAND } from '../common/redis-throttler.storage';

/** Injection token of the shared ioredis client; its keys are prefixed with `${REDIS_PREFIX}:`. */
export const REDIS = Symbol('REDIS');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new Redis({
          ...redisOptionsFromUrl(config.redisUrl),
          keyPrefix: `${config.redisPrefix}:`,
          maxRetriesPerRequest: 2,
          enableOfflineQueue: true,
          // Commands issued in the same turn leave together. The throttler's storage already gathers a turn's hits
          // into one call, so that call is sent at once rather than one more turn later.
          enableAutoPipelining: true,
          autoPipeliningIgnoredCommands: [THROTTLE_COMMAND],
        }),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
