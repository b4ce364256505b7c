import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { redisOptionsFromUrl } from '@shop/jobs';

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
        new Redis({ ...redisOptionsFromUrl(config.redisUrl), keyPrefix: `${config.redisPrefix}:`, maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true }),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
