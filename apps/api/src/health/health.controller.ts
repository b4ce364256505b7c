import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorService, MongooseHealthIndicator } from '@nestjs/terminus';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';

@ApiTags('health')
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly mongoose: MongooseHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness and readiness: MongoDB and Redis answer a ping' })
  @ApiServiceUnavailableResponse({ description: 'MongoDB or Redis is down' })
  check(): Promise<HealthCheckResult> {
    return this.health.check([
      () => this.mongoose.pingCheck('mongodb', { timeout: 3000 }),
      async () => {
        const indicator = this.indicators.check('redis');
        try {
          const pong = await this.redis.ping();
          return pong === 'PONG' ? indicator.up() : indicator.down({ message: `unexpected answer ${pong}` });
        } catch (error) {
          return indicator.down({ message: (error as Error).message });
        }
      },
    ]);
  }
}
