import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { catalogChanges } from '@shop/database';
import { redisOptionsFromUrl } from '@shop/jobs';
import { REDIS } from '../redis/redis.module';
import { PublicCacheInterceptor } from './public-cache.interceptor';
import { ResponseCache } from './response-cache';

/**
 * Keeps every API instance's catalog cache honest. A catalog write made here (announced by the mongoose
 * hooks of libs/database) empties this instance's cache before the write's answer is sent, then is
 * published on Redis so the other instances empty theirs within milliseconds. While Redis is away the
 * messages are lost, so a (re)subscription empties the cache too and the TTL bounds what remains.
 */
@Injectable()
export class CatalogInvalidation implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogCache');
  private readonly instance = randomUUID();
  private readonly channel: string;
  private subscriber: Redis | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly cache: ResponseCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.channel = `${config.redisPrefix}:catalog-changed`;
  }

  onModuleInit(): void {
    if (!this.cache.enabled) return;
    this.unsubscribe = catalogChanges.subscribe((change) => {
      this.apply(change.stockOf);
      this.publish(change.stockOf);
    });
    const subscriber = new Redis({ ...redisOptionsFromUrl(this.config.redisUrl), lazyConnect: false, maxRetriesPerRequest: null });
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => {
      // Messages sent while we were away are lost: start from an empty cache.
      this.cache.invalidate();
      subscriber.subscribe(this.channel).catch((error: Error) => this.logger.warn(`catalog cache subscription failed: ${error.message}`));
    });
    subscriber.on('message', (_channel: string, message: string) => {
      // "<instance>" for any change, "<instance> <id>,<id>" for a stock-only change of those products.
      const [from, ids] = message.split(' ');
      if (from !== this.instance) this.apply(ids ? ids.split(',') : undefined);
    });
    this.subscriber = subscriber;
  }

  private apply(stockOf: string[] | undefined): void {
    if (stockOf) this.cache.stockChanged(stockOf);
    else this.cache.invalidate();
  }

  private publish(stockOf: string[] | undefined): void {
    if (this.redis.status !== 'ready') return;
    // PUBLISH takes a channel, not a key: ioredis does not add the key prefix, so the name carries it.
    this.redis.publish(this.channel, stockOf ? `${this.instance} ${stockOf.join(',')}` : this.instance).catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}

@Global()
@Module({
  providers: [
    { provide: ResponseCache, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new ResponseCache(config.catalogCacheTtlMs, undefined, undefined, config.catalogStockLagMs) },
    CatalogInvalidation,
    { provide: APP_INTERCEPTOR, useClass: PublicCacheInterceptor },
  ],
  exports: [ResponseCache],
})
export class CatalogCacheModule {}
