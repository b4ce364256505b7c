import { Module } from '@nestjs/common';
import { BlogsDataModule, CategoriesDataModule, CouponsDataModule, ProductsDataModule, SeedDataModule, UsersDataModule } from '@shop/database';
import { MediaModule } from '@shop/media';
import { SeedService } from './seed.service';

/** The demo catalogue's seeder (SeedService), with the data it writes and the images it stores. Needs the JobsModule (global) and APP_CONFIG from the importing app. */
@Module({
  imports: [UsersDataModule, CategoriesDataModule, ProductsDataModule, BlogsDataModule, CouponsDataModule, SeedDataModule, MediaModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class DemoSeedModule {}
