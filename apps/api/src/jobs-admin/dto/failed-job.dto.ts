import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { QUEUES, type QueueName } from '@shop/jobs';

/** A background job that exhausted its retries. */
export class FailedJobDto {
  @ApiProperty({ enum: QUEUES })
  queue!: QueueName;

  @ApiProperty({ example: 'mail.password-reset.665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ example: 'mail.password-reset' })
  name!: string;

  @ApiProperty()
  attemptsMade!: number;

  @ApiProperty()
  failedReason!: string;

  @ApiPropertyOptional({ description: 'When it last failed, epoch milliseconds' })
  finishedOn?: number;
}
