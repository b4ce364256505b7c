import { Module } from '@nestjs/common';
import { MediaModule } from '@shop/media';
import { SeedService } from './seed.service';

@Module({ imports: [MediaModule], providers: [SeedService], exports: [SeedService] })
export class SeedModule {}
