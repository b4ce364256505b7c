import { Module } from '@nestjs/common';
import { BlogsDataModule, CategoriesDataModule, CouponsDataModule, ProductsDataModule, SeedDataModule, UsersDataModule } from '@shop/database';
import { MediaModule } from '@shop/media';
import { SeedController } from './seed.controller';
import { SeedService } from './seed.service';

@Module({ imports: [BlogsDataModule, CategoriesDataModule, CouponsDataModule, ProductsDataModule, SeedDataModule, UsersDataModule, MediaModule], controllers: [SeedController], providers: [SeedService], exports: [SeedService] })
export class SeedModule {}
