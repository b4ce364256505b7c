import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The one error shape of the API. */
export class ErrorBody {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'Please enter a valid email address' })
  message!: string;

  @ApiPropertyOptional({ example: 'VALIDATION_FAILED', description: 'Stable machine-readable code' })
  code?: string;

  @ApiPropertyOptional({
    description: 'Messages keyed by field (the shape react-admin shows under inputs)',
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { email: 'Please enter a valid email address' },
  })
  errors?: Record<string, string>;
}
