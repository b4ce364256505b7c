import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { JobsService, QUEUES } from '@shop/jobs';
import { Auth } from '../auth/auth.decorators';
import { conflict, notFound } from '../common/domain-error';
import { ApiErrors } from '../common/api-errors';
import { MessageDto } from '../users/dto/user-info.dto';
import { FailedJobDto } from './dto/failed-job.dto';
import { NoQuery } from '../common/list-query';

/** Operations view of the background jobs, for admins. */
@ApiTags('admin')
@Controller('admin/jobs')
export class JobsAdminController {
  constructor(private readonly jobs: JobsService) {}

  @Get('failed')
  @Auth('admin')
  @ApiOperation({ summary: 'Jobs that exhausted their retries, newest first (admins)' })
  @ApiOkResponse({ type: FailedJobDto, isArray: true })
  listFailed(@NoQuery() _query: undefined): Promise<FailedJobDto[]> {
    return this.jobs.listFailed();
  }

  @Post(':queue/:id/retry')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({ summary: 'Queue a failed job again, with a fresh set of attempts (admins); an unknown queue or job answers 404 JOB_NOT_FOUND' })
  @ApiParam({ name: 'queue', enum: QUEUES })
  @ApiOkResponse({ type: MessageDto })
  @ApiParam({ name: 'id', description: 'The job id (as listed by GET /api/admin/jobs/failed)' })
  @ApiErrors('JOB_NOT_FOUND', 'JOB_NOT_FAILED')
  async retry(@Param('queue') queue: string, @Param('id') id: string): Promise<MessageDto> {
    const outcome = await this.jobs.retryFailed(queue, id);
    if (outcome === 'missing') throw notFound('JOB_NOT_FOUND', 'Job not found');
    if (outcome === 'not-failed') throw conflict('JOB_NOT_FAILED', 'Only a failed job can be retried');
    return { message: 'Job queued for retry' };
  }
}
