import { Global, Logger, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { Blog, BlogSchema, Category, CategorySchema, Product, ProductSchema, SeedRun, SeedRunSchema, User, UserSchema } from './schemas';
import { BlogsRepository, CategoriesRepository, ProductsRepository, SeedRunsRepository, UsersRepository } from './repositories';
import { UserToken, UserTokenSchema } from './schemas/user-token.schema';
import { AccountCleanupRepository, FavoriteProductsRepository, UserTokensRepository } from './repositories';
import { Cart, CartSchema, Coupon, CouponRedemption, CouponRedemptionSchema, CouponSchema, Order, OrderSchema } from './schemas';
import { CartsRepository, CouponsRepository, InventoryRepository, OrdersRepository } from './repositories';
import { Comment, CommentSchema, ContactMessage, ContactMessageSchema, NewsletterSubscriber, NewsletterSubscriberSchema } from './schemas';
import { CommentsRepository, ContactMessagesRepository, NewsletterSubscribersRepository, ReviewsRepository, StatsRepository } from './repositories';
import { AuditEntry, AuditEntrySchema } from './schemas/audit-entry.schema';
import { AuditLogRepository } from './repositories/audit-log.repository';
import { auditAdminWrites } from './audit/audit-plugin';
import { CustomersRepository } from './repositories/customers.repository';
import { StockMovement, StockMovementSchema } from './schemas/stock-movement.schema';
import { StockLedgerRepository } from './repositories/stock-ledger.repository';
import { ProductTombstone, ProductTombstoneSchema, SearchMiss, SearchMissSchema, SearchSettings, SearchSettingsSchema } from './schemas/search.schema';
import { SearchRepository } from './repositories/search.repository';
import { PaymentAttempt, PaymentAttemptSchema, StripeEvent, StripeEventSchema } from './schemas/payment.schema';
import { PaymentsRepository } from './repositories/payments.repository';

const models = MongooseModule.forFeature([
  { name: User.name, schema: UserSchema },
  { name: Category.name, schema: CategorySchema },
  { name: Product.name, schema: ProductSchema },
  { name: Blog.name, schema: BlogSchema },
  { name: SeedRun.name, schema: SeedRunSchema },
  { name: Comment.name, schema: CommentSchema },
  { name: NewsletterSubscriber.name, schema: NewsletterSubscriberSchema },
  { name: ContactMessage.name, schema: ContactMessageSchema },
  { name: UserToken.name, schema: UserTokenSchema },
  { name: Cart.name, schema: CartSchema },
  { name: Order.name, schema: OrderSchema },
  { name: Coupon.name, schema: CouponSchema },
  { name: CouponRedemption.name, schema: CouponRedemptionSchema },
  { name: AuditEntry.name, schema: AuditEntrySchema },
  { name: StockMovement.name, schema: StockMovementSchema },
  { name: ProductTombstone.name, schema: ProductTombstoneSchema },
  { name: SearchSettings.name, schema: SearchSettingsSchema },
  { name: SearchMiss.name, schema: SearchMissSchema },
  { name: PaymentAttempt.name, schema: PaymentAttemptSchema },
  { name: StripeEvent.name, schema: StripeEventSchema },
]);

const repositories = [UsersRepository, CategoriesRepository, ProductsRepository, BlogsRepository, CommentsRepository, NewsletterSubscribersRepository, ContactMessagesRepository, StatsRepository, SeedRunsRepository, UserTokensRepository, AccountCleanupRepository, FavoriteProductsRepository, InventoryRepository, CartsRepository, OrdersRepository, CouponsRepository, AuditLogRepository, CustomersRepository, ReviewsRepository, StockLedgerRepository, SearchRepository, PaymentsRepository];

/** The mongoose connection, every model and every repository. Only this library talks to MongoDB. */
@Global()
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (!config.mongodbUri) {
          throw new Error(
            'Invalid configuration: MONGODB_URI is required here (npm start sets it after starting the embedded engine)',
          );
        }
        return {
          uri: config.mongodbUri,
          dbName: config.mongodbDbName,
          autoIndex: true,
          serverSelectionTimeoutMS: 10_000,
          connectionFactory: (connection: Connection) => {
            // Without a listener an unreachable server raises an unhandled error and kills the process.
            connection.on('error', (error: Error) => new Logger('MongoDB').error(error.message));
            // Every model of this connection records the changes an admin's request makes (see auditAdminWrites).
            connection.plugin(auditAdminWrites);
            return connection;
          },
        };
      },
    }),
    models,
  ],
  providers: repositories,
  exports: [models, ...repositories],
})
export class DatabaseModule {}
