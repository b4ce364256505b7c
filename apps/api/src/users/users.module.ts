import { Module } from '@nestjs/common';
import { UsersDataModule } from '@shop/database';
import { AddressBookController } from './address-book.controller';
import { AddressBookService } from './address-book.service';
import { AccountDeletionService } from './account-deletion.service';
import { AccountRecoveryController } from './account-recovery.controller';
import { AccountRemovalService } from './account-removal.service';
import { AdminUsersController } from './admin-users.controller';
import { DistributorController } from './distributor.controller';
import { FavoritesController } from './favorites.controller';
import { FavoritesService } from './favorites.service';
import { GoogleAuthController } from './google-auth.controller';
import { GoogleAuthService } from './google-auth.service';
import { PasswordResetService } from './password-reset.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/**
 * Everything under /api/users, with the spec's Google paths (GoogleAuthController). AdminUsersController stays
 * last: its /:id routes must not shadow fixed paths.
 */
@Module({
  imports: [UsersDataModule],
  controllers: [
    UsersController,
    DistributorController,
    GoogleAuthController,
    AccountRecoveryController,
    FavoritesController,
    AddressBookController,
    AdminUsersController,
  ],
  providers: [
    UsersService,
    AccountRemovalService,
    PasswordResetService,
    AccountDeletionService,
    GoogleAuthService,
    FavoritesService,
    AddressBookService,
  ],
  exports: [UsersService, AddressBookService],
})
export class UsersModule {}
