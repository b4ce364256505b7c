import { Module } from '@nestjs/common';
import { DatabaseHealth } from '@shop/database';
import { HealthCompatController } from '../compat/health-compat.controller';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';

@Module({ controllers: [HealthCompatController, HealthController], providers: [DatabaseHealth, ReadinessService] })
export class HealthModule {}
