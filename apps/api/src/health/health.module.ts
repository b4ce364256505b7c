import { Module } from '@nestjs/common';
import { DatabaseHealth } from '@shop/database';
import { HealthCompatController } from '../compat/health-compat.controller';
import { SearchModule } from '../search/search.module';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';

@Module({ imports: [SearchModule], controllers: [HealthCompatController, HealthController], providers: [DatabaseHealth, ReadinessService] })
export class HealthModule {}
