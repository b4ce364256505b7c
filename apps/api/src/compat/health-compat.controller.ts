import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { DependencyState } from '@shop/jobs';
import { LegacyHealthDto } from '../health/dto/health.dto';
import { ReadinessService } from '../health/readiness.service';

/** The older readiness probe, kept for existing probes: the same check as GET /api/health/ready, in the older shape. Registered in HealthModule. */
@ApiTags('health')
@SkipThrottle()
@Controller('health')
export class HealthCompatController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get()
  @ApiOperation({
    summary: 'Readiness in the older shape: the states split into info (up) and error (down)',
    deprecated: true,
    description: 'Use GET /api/health/ready instead (or GET /api/health/live for liveness).',
  })
  @ApiOkResponse({ type: LegacyHealthDto })
  @ApiServiceUnavailableResponse({ type: LegacyHealthDto, description: 'A dependency is down (listed under error)' })
  async check(@Res({ passthrough: true }) res: FastifyReply): Promise<LegacyHealthDto> {
    const { ready, checks } = await this.readiness.check();
    const info: Record<string, DependencyState> = {};
    const error: Record<string, DependencyState> = {};
    for (const [name, state] of Object.entries(checks)) (state.status === 'up' ? info : error)[name] = state;
    if (!ready) res.status(503);
    return { status: ready ? 'ok' : 'error', info, error, details: checks };
  }
}
