import { Logger, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { Blog, BlogSchema, Category, CategorySchema, Product, ProductSchema, SeedRun, SeedRunSchema, User, UserSchema } from './schemas';
import { UserToken, UserTokenSchema } from './schemas/user-token.schema';
import { Cart, CartSchema, Coupon, CouponRedemption, CouponRedemptionSchema, CouponSchema, Order, OrderSchema } from './schemas';
import { Comment, CommentSchema, ContactMessage, ContactMessageSchema, NewsletterSubscriber, NewsletterSubscriberSchema } from './schemas';
import { AuditEntry, AuditEntrySchema } from './schemas/audit-entry.schema';
import { auditAdminWrites } from './audit/audit-plugin';
import { StockMovement, StockMovementSchema } from './schemas/stock-movement.schema';
import {
  ProductTombstone,
  ProductTombstoneSchema,
  SearchMiss,
  SearchMissSchema,
  SearchSettings,
  SearchSettingsSchema,
} from './schemas/search.schema';
import { PaymentAttempt, PaymentAttemptSchema, StripeEvent, StripeEventSchema } from './schemas/payment.schema';

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

/**
 * The mongoose connection and every model: infrastructure only, for the data modules of this library
 * (data-modules.ts), which provide the repositories each feature imports. Not global: outside libs/database
 * nothing injects a model. Only this library talks to MongoDB.
 */
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (!config.mongodbUri) {
          throw new Error('Invalid configuration: MONGODB_URI is required here (npm start sets it after starting the embedded engine)');
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
  exports: [models],
})
export class DatabaseModule {}
