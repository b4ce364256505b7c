import { Module } from '@nestjs/common';
import { DemoSeedModule } from '@shop/seed';
import { SeedController } from './seed.controller';

@Module({ imports: [DemoSeedModule], controllers: [SeedController] })
export class SeedModule {}
