import { Module } from '@nestjs/common';
import { DatabaseModule } from './database.module';
import { AccountCleanupRepository } from './repositories/account-cleanup.repository';
import { AuditLogRepository } from './repositories/audit-log.repository';
import { BlogsRepository } from './repositories/blogs.repository';
import { CartsRepository } from './repositories/carts.repository';
import { CategoriesRepository } from './repositories/categories.repository';
import { CommentsRepository } from './repositories/comments.repository';
import { ContactMessagesRepository } from './repositories/contact-messages.repository';
import { CouponsRepository } from './repositories/coupons.repository';
import { CustomersRepository } from './repositories/customers.repository';
import { FavoriteProductsRepository } from './repositories/favorite-products.repository';
import { InventoryRepository } from './repositories/inventory.repository';
import { NewsletterSubscribersRepository } from './repositories/newsletter-subscribers.repository';
import { OrdersRepository } from './repositories/orders.repository';
import { PaymentsRepository } from './repositories/payments.repository';
import { ProductsRepository } from './repositories/products.repository';
import { ReviewsRepository } from './repositories/reviews.repository';
import { SearchRepository } from './repositories/search.repository';
import { SeedRunsRepository } from './repositories/seed-runs.repository';
import { StatsRepository } from './repositories/stats.repository';
import { StockLedgerRepository } from './repositories/stock-ledger.repository';
import { UserTokensRepository } from './repositories/user-tokens.repository';
import { UsersRepository } from './repositories/users.repository';

/*
 * One module per owner of data: each provides and exports that feature's repositories, on the models of
 * DatabaseModule. Nothing here is global: a feature module (or a lib's module, or the worker) imports the data
 * modules whose repositories it uses, so its imports say which data it reaches (docs/architecture.md).
 */

/** Accounts: users, their one-time tokens, favourites, and the clean-up of a removed account. */
@Module({
  imports: [DatabaseModule],
  providers: [UsersRepository, UserTokensRepository, FavoriteProductsRepository, AccountCleanupRepository],
  exports: [UsersRepository, UserTokensRepository, FavoriteProductsRepository, AccountCleanupRepository],
})
export class UsersDataModule {}

/** The admin console's customer view (accounts with their orders). */
@Module({ imports: [DatabaseModule], providers: [CustomersRepository], exports: [CustomersRepository] })
export class CustomersDataModule {}

@Module({ imports: [DatabaseModule], providers: [CategoriesRepository], exports: [CategoriesRepository] })
export class CategoriesDataModule {}

/** Stock: the ledger of moves and the conditional stock takes and holds (inventory). */
@Module({ imports: [DatabaseModule], providers: [StockLedgerRepository, InventoryRepository], exports: [StockLedgerRepository, InventoryRepository] })
export class StockDataModule {}

/** The search index's settings, misses and the tombstones of deleted products. */
@Module({ imports: [DatabaseModule], providers: [SearchRepository], exports: [SearchRepository] })
export class SearchDataModule {}

/** Products (a stock change writes ledger moves; a deletion leaves a search tombstone). */
@Module({ imports: [DatabaseModule, StockDataModule, SearchDataModule], providers: [ProductsRepository], exports: [ProductsRepository] })
export class ProductsDataModule {}

/** Reviews (embedded in their product): a customer's own, removal, moderation. */
@Module({ imports: [DatabaseModule], providers: [ReviewsRepository], exports: [ReviewsRepository] })
export class ReviewsDataModule {}

@Module({ imports: [DatabaseModule], providers: [BlogsRepository], exports: [BlogsRepository] })
export class BlogsDataModule {}

@Module({ imports: [DatabaseModule], providers: [CommentsRepository], exports: [CommentsRepository] })
export class CommentsDataModule {}

@Module({ imports: [DatabaseModule], providers: [NewsletterSubscribersRepository], exports: [NewsletterSubscribersRepository] })
export class NewsletterDataModule {}

@Module({ imports: [DatabaseModule], providers: [ContactMessagesRepository], exports: [ContactMessagesRepository] })
export class ContactDataModule {}

@Module({ imports: [DatabaseModule], providers: [StatsRepository], exports: [StatsRepository] })
export class StatsDataModule {}

/** The demo seed's runs (which seed ran, when, with what result). */
@Module({ imports: [DatabaseModule], providers: [SeedRunsRepository], exports: [SeedRunsRepository] })
export class SeedDataModule {}

@Module({ imports: [DatabaseModule], providers: [CartsRepository], exports: [CartsRepository] })
export class CartsDataModule {}

@Module({ imports: [DatabaseModule], providers: [OrdersRepository], exports: [OrdersRepository] })
export class OrdersDataModule {}

@Module({ imports: [DatabaseModule], providers: [CouponsRepository], exports: [CouponsRepository] })
export class CouponsDataModule {}

/** Card payment attempts and Stripe's events. */
@Module({ imports: [DatabaseModule], providers: [PaymentsRepository], exports: [PaymentsRepository] })
export class PaymentsDataModule {}

/**
 * The audit log. Its repository also receives what the audit plugin records (see auditAdminWrites), so a process
 * that serves admin writes imports this module (the API's AuditModule does).
 */
@Module({ imports: [DatabaseModule], providers: [AuditLogRepository], exports: [AuditLogRepository] })
export class AuditDataModule {}
