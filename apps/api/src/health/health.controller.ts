import { Controller, Get, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { notReadyMessage } from '@shop/jobs';
import { DependencyStateDto, LivenessDto, NotReadyDto, ReadinessDto } from './dto/health.dto';
import { DEPENDENCY_UNAVAILABLE, ReadinessService } from './readiness.service';
import { SearchIndexService } from '../search/search-index.service';

/**
 * Probes for orchestrators and load balancers. Liveness checks nothing but the process (restart me if this
 * fails); readiness checks every dependency (send me no traffic while this fails).
 */
@ApiTags('health')
@ApiExtraModels(DependencyStateDto)
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly search: SearchIndexService,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (no dependency is checked)' })
  @ApiOkResponse({ type: LivenessDto })
  live(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: "Readiness: MongoDB, Redis and every BullMQ queue answer, each named with its state; the search index's size and lag" })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({
    type: NotReadyDto,
    description: `A dependency is down (code ${DEPENDENCY_UNAVAILABLE}); errors and checks name it`,
  })
  async ready(@Res({ passthrough: true }) res: FastifyReply): Promise<ReadinessDto | NotReadyDto> {
    const { ready, checks } = await this.readiness.check();
    const search = this.search.state();
    if (ready) return { status: 'ok', search, checks };
    res.status(503);
    const errors: Record<string, string> = {};
    for (const [name, state] of Object.entries(checks)) if (state.status === 'down') errors[name] = state.message;
    return { statusCode: 503, code: DEPENDENCY_UNAVAILABLE, message: notReadyMessage(checks), errors, status: 'error', search, checks };
  }
}
