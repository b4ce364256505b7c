import { Module } from '@nestjs/common';
import { SeedDataModule, UsersDataModule } from '@shop/database';
import { SeedBoot } from './seed-boot.service';
import { SeedController } from './seed.controller';

@Module({ imports: [SeedDataModule, UsersDataModule], controllers: [SeedController], providers: [SeedBoot] })
export class SeedModule {}
