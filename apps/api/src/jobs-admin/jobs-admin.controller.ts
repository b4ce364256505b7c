import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { JobsService, QUEUES } from '@shop/jobs';
import { Auth } from '../auth/auth.decorators';
import { conflict, notFound } from '../common/domain-error';
import { ErrorBody } from '../common/error-body';
import { MessageDto } from '../users/dto/user-info.dto';
import { FailedJobDto } from './dto/failed-job.dto';

/** Operations view of the background jobs, for admins. */
@ApiTags('admin')
@Controller('admin/jobs')
export class JobsAdminController {
  constructor(private readonly jobs: JobsService) {}

  @Get('failed')
  @Auth('admin')
  @ApiOperation({ summary: 'Jobs that exhausted their retries, newest first (admins)' })
  @ApiOkResponse({ type: FailedJobDto, isArray: true })
  listFailed(): Promise<FailedJobDto[]> {
    return this.jobs.listFailed();
  }

  @Post(':queue/:id/retry')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({ summary: 'Queue a failed job again, with a fresh set of attempts (admins)' })
  @ApiParam({ name: 'queue', enum: QUEUES })
  @ApiOkResponse({ type: MessageDto })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Unknown queue or job' })
  @ApiConflictResponse({ type: ErrorBody, description: 'The job has not failed' })
  async retry(@Param('queue') queue: string, @Param('id') id: string): Promise<MessageDto> {
    const outcome = await this.jobs.retryFailed(queue, id);
    if (outcome === 'missing') throw notFound('JOB_NOT_FOUND', 'Job not found');
    if (outcome === 'not-failed') throw conflict('JOB_NOT_FAILED', 'Only a failed job can be retried');
    return { message: 'Job queued for retry' };
  }
}
