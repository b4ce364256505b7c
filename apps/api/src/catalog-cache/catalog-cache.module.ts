import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { catalogChanges, type StockView } from '@shop/database';
import { FreshCache } from '../common/fresh-cache';
import { RedisBroadcast } from '../redis/redis-broadcast';
import { REDIS } from '../redis/redis.module';
import { PublicCacheInterceptor } from './public-cache.interceptor';
import { ResponseCache } from './response-cache';

/**
 * Products as the cart reads them (name, image, price, stock, variants), kept for CATALOG_CACHE_TTL_MS and
 * dropped with the catalog cache: at once on any write to the product. Checkout never uses it: an order
 * reads prices itself and takes stock with conditional updates.
 */
export class StockViewCache extends FreshCache<StockView> {}

/**
 * The storefront's server-rendered pages (apps/api/src/web/server-rendered-pages.ts), kept like the answers
 * they are made of and emptied with them; fewer entries, as a page weighs ~100 KB.
 */
export class PageCache extends ResponseCache {}

/** At most this many server-rendered pages are kept (oldest out first): ~60 MB at most with their compressed copies. */
const MAX_CACHED_PAGES = 150;

/**
 * Keeps every API instance's catalog caches (answers and stock views) honest. A catalog write made here
 * (announced by the mongoose hooks of libs/database) empties this instance's caches before the write's
 * answer is sent, then is published on Redis so the other instances empty theirs within milliseconds. While
 * Redis is away the messages are lost, so a (re)subscription empties the caches too and the TTL bounds what
 * remains.
 */
@Injectable()
export class CatalogInvalidation implements OnModuleInit, OnApplicationShutdown {
  private readonly broadcast: RedisBroadcast;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly cache: ResponseCache,
    private readonly pages: PageCache,
    private readonly stockViews: StockViewCache,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.broadcast = new RedisBroadcast(config, redis, 'catalog-changed', new Logger('CatalogCache'));
  }

  onModuleInit(): void {
    if (!this.cache.enabled && !this.stockViews.enabled) return;
    this.unsubscribe = catalogChanges.subscribe((change) => {
      this.apply(change.stockOf);
      // "" for any change, "<id>,<id>" for a stock-only change of those products.
      this.broadcast.publish(change.stockOf ? change.stockOf.join(',') : '');
    });
    // Messages sent while we were away are lost: start from an empty cache.
    this.broadcast.start(
      () => this.apply(undefined),
      (ids) => this.apply(ids ? ids.split(',') : undefined),
    );
  }

  private apply(stockOf: string[] | undefined): void {
    this.stockViews.drop(stockOf);
    for (const cache of [this.cache, this.pages]) {
      if (stockOf) cache.stockChanged(stockOf);
      else cache.invalidate();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await this.broadcast.stop();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: ResponseCache,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ResponseCache(config.catalogCacheTtlMs, undefined, undefined, config.catalogStockLagMs),
    },
    {
      provide: PageCache,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new PageCache(config.catalogCacheTtlMs, MAX_CACHED_PAGES, undefined, config.catalogStockLagMs),
    },
    { provide: StockViewCache, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new StockViewCache(config.catalogCacheTtlMs) },
    CatalogInvalidation,
    { provide: APP_INTERCEPTOR, useClass: PublicCacheInterceptor },
  ],
  exports: [ResponseCache, PageCache, StockViewCache],
})
export class CatalogCacheModule {}
