import { Module } from '@nestjs/common';
import { MediaModule } from '@shop/media';
import { SeedController } from './seed.controller';
import { SeedService } from './seed.service';

@Module({ imports: [MediaModule], controllers: [SeedController], providers: [SeedService], exports: [SeedService] })
export class SeedModule {}
