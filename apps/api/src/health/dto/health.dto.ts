import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ErrorBody } from '../../common/error-body';

/** One dependency of the API: up, or down with the reason. */
export class DependencyStateDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiPropertyOptional({ description: 'Why it is down', example: 'not connected (reconnecting)' })
  message?: string;
}

const CHECKS_SCHEMA = {
  type: 'object',
  description: 'Each dependency by name: mongodb, redis, and queue:<name> for every BullMQ queue',
  additionalProperties: { $ref: getSchemaPath(DependencyStateDto) },
} as const;

/** GET /api/health/live: the process is up (nothing else is checked). */
export class LivenessDto {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}

/** GET /api/health/ready when every dependency answers. */
/** The search index of the instance that answered. */
export class SearchIndexStateDto {
  @ApiProperty({ description: 'Products in the index (every status)' })
  size!: number;

  @ApiProperty({ description: 'How long the oldest catalogue change heard of has waited to be indexed, in ms; 0 when current' })
  lagMs!: number;

  @ApiProperty({ description: 'False until the catalogue has been loaded once after start' })
  loaded!: boolean;
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({ type: SearchIndexStateDto })
  search!: SearchIndexStateDto;

  @ApiProperty({ ...CHECKS_SCHEMA, example: { mongodb: { status: 'up' }, redis: { status: 'up' }, 'queue:mail': { status: 'up' } } })
  checks!: Record<string, DependencyStateDto>;
}

/** GET /api/health/ready when a dependency is down: the API's error shape, the reasons in `errors`, every state in `checks`. */
export class NotReadyDto extends ErrorBody {
  @ApiProperty({ enum: ['error'] })
  status!: 'error';

  @ApiProperty({ type: SearchIndexStateDto })
  search!: SearchIndexStateDto;

  @ApiProperty({
    ...CHECKS_SCHEMA,
    example: {
      mongodb: { status: 'up' },
      redis: { status: 'down', message: 'not connected (reconnecting)' },
      'queue:mail': { status: 'down', message: 'not connected (reconnecting)' },
    },
  })
  checks!: Record<string, DependencyStateDto>;
}

/** The older GET /api/health body (kept for existing probes): the states split into info (up) and error (down). */
export class LegacyHealthDto {
  @ApiProperty({ enum: ['ok', 'error'] })
  status!: 'ok' | 'error';

  @ApiProperty({ ...CHECKS_SCHEMA, description: 'The dependencies that are up' })
  info!: Record<string, DependencyStateDto>;

  @ApiProperty({ ...CHECKS_SCHEMA, description: 'The dependencies that are down' })
  error!: Record<string, DependencyStateDto>;

  @ApiProperty({ ...CHECKS_SCHEMA, description: 'Every dependency' })
  details!: Record<string, DependencyStateDto>;
}
