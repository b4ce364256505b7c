import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from './error-codes';

/** The one error shape of the API. */
export class ErrorBody {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'Please enter a valid email address' })
  message!: string;

  @ApiPropertyOptional({
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    example: 'VALIDATION_FAILED',
    description: 'Stable machine-readable code; each operation lists the codes it answers with per status',
  })
  code?: ErrorCode;

  @ApiPropertyOptional({
    description: 'Messages keyed by field (the shape react-admin shows under inputs)',
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { email: 'Please enter a valid email address' },
  })
  errors?: Record<string, string>;
}
