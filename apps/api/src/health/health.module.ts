import { Module } from '@nestjs/common';
import { DatabaseHealth } from '@shop/database';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';

@Module({ controllers: [HealthController], providers: [DatabaseHealth, ReadinessService] })
export class HealthModule {}
