import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { DependencyState } from '@shop/jobs';
import { DEPRECATED_IN_25, Deprecated } from '../common/deprecated';
import { LegacyHealthDto } from '../health/dto/health.dto';
import { ReadinessService } from '../health/readiness.service';

/** The older readiness probe, outside the spec, kept for existing probes until its sunset (Deprecation, Sunset and Link headers): the same check as GET /api/health/ready, in the older shape. Registered in HealthModule. */
@ApiTags('health')
@SkipThrottle()
@Controller('health')
export class HealthCompatController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get()
  @Deprecated({ ...DEPRECATED_IN_25, successor: '/api/health/ready' })
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
