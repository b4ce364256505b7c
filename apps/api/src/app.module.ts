import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { AppConfigModule, type AppConfig } from '@shop/config';
import { DatabaseModule } from '@shop/database';
import { JobsModule } from '@shop/jobs';
import { createApiLogger } from './http/access-log';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { RedisThrottlerStorage } from './common/redis-throttler.storage';
import { MemoizedReflectorModule } from './common/memoized-reflector';
import { ShopThrottlerGuard } from './common/throttler.guard';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { UploadsModule } from './uploads/uploads.module';
import { CategoriesModule } from './categories/categories.module';
import { ProductsModule } from './products/products.module';
import { SearchModule } from './search/search.module';
import { REDIS, RedisModule } from './redis/redis.module';
import { SeedModule } from './seed/seed.module';
import { AuthModule } from './auth/auth.module';
import { isNotAuthRateLimited } from './auth/auth-rate-limit';
import { UsersModule } from './users/users.module';
import { CartModule } from './cart/cart.module';
import { CouponsModule } from './coupons/coupons.module';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { ShippingModule } from './shipping/shipping.module';
import { JobsAdminModule } from './jobs-admin/jobs-admin.module';
import { QueuesBoardModule } from './queues-board/queues-board.module';
import { BlogsModule } from './blogs/blogs.module';
import { CommentsModule } from './comments/comments.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { ContactModule } from './contact/contact.module';
import { StatsModule } from './stats/stats.module';
import { CatalogCacheModule } from './catalog-cache/catalog-cache.module';
import { SeoModule } from './seo/seo.module';
import { PAGES_THROTTLER, isNotPageRequest } from './web/page-throttle';
import { WebModule } from './web/web.module';
import { AuditModule } from './audit/audit.module';
import { CustomersModule } from './customers/customers.module';
import { ReviewsModule } from './reviews/reviews.module';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A caller's X-Request-Id when it is well-formed, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The API's pino logger (see createApiLogger), for the access log. */
export const API_LOGGER = Symbol('API_LOGGER');

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const logger = createApiLogger(config);
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        // The Nest logger on the API's pino logger, with no per-request middleware: the access log is a Fastify hook
        // (http/access-log.ts), registered by app.setup.ts with the same logger.
        LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] }),
        MemoizedReflectorModule,
        DatabaseModule,
        RedisModule,
        JobsModule,
        ThrottlerModule.forRootAsync({
          inject: [REDIS],
          useFactory: (redis: Redis) => ({
            throttlers: [
              { name: 'default', ttl: 60_000, limit: config.rateLimitDefault },
              { name: 'auth', ttl: 60_000, limit: config.rateLimitAuth, skipIf: isNotAuthRateLimited },
              // The web apps' pages: a server-rendered page costs tens of ms of the one thread (decision 0034).
              { name: PAGES_THROTTLER, ttl: config.pageRateTtlMs, limit: config.pageRateLimit, skipIf: isNotPageRequest },
            ],
            storage: new RedisThrottlerStorage(redis),
          }),
        }),
        AuthModule,
        HealthModule,
        ImagesModule,
        UploadsModule,
        CategoriesModule,
        ProductsModule,
        SearchModule,
        UsersModule,
        CartModule,
        CouponsModule,
        OrdersModule,
        PaymentsModule,
        ShippingModule,
        JobsAdminModule,
        QueuesBoardModule,
        BlogsModule,
        CommentsModule,
        NewsletterModule,
        ContactModule,
        StatsModule,
        CatalogCacheModule,
        SeoModule,
        WebModule,
        CustomersModule,
        ReviewsModule,
        SeedModule,
        AuditModule,
      ],
      providers: [
        { provide: API_LOGGER, useValue: logger },
        { provide: APP_GUARD, useClass: ShopThrottlerGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
