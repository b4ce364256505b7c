import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { catalogChanges } from '@shop/database';
import { RedisBroadcast } from '../redis/redis-broadcast';
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
  private readonly broadcast: RedisBroadcast;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly cache: ResponseCache,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.broadcast = new RedisBroadcast(config, redis, 'catalog-changed', new Logger('CatalogCache'));
  }

  onModuleInit(): void {
    if (!this.cache.enabled) return;
    this.unsubscribe = catalogChanges.subscribe((change) => {
      this.apply(change.stockOf);
      // "" for any change, "<id>,<id>" for a stock-only change of those products.
      this.broadcast.publish(change.stockOf ? change.stockOf.join(',') : '');
    });
    // Messages sent while we were away are lost: start from an empty cache.
    this.broadcast.start(
      () => this.cache.invalidate(),
      (ids) => this.apply(ids ? ids.split(',') : undefined),
    );
  }

  private apply(stockOf: string[] | undefined): void {
    if (stockOf) this.cache.stockChanged(stockOf);
    else this.cache.invalidate();
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await this.broadcast.stop();
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
