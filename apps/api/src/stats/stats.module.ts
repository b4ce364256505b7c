import { Module } from '@nestjs/common';
import { StatsDataModule } from '@shop/database';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({ imports: [StatsDataModule], controllers: [StatsController], providers: [StatsService] })
export class StatsModule {}
