import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

/**
 * PUT /api/users/{id}/roles (admins): grants (true) or revokes (false) the admin and/or distributor role. At least
 * one of the two is required; any other field answers 400.
 */
export class UpdateUserRolesDto {
  @ApiPropertyOptional({ description: 'Grant (true) or revoke (false) the admin role; the last admin cannot be demoted' })
  @IsOptional()
  @IsBoolean({ message: 'isAdmin must be true or false' })
  isAdmin?: boolean;

  @ApiPropertyOptional({ description: 'Grant (true) or revoke (false) the distributor role' })
  @IsOptional()
  @IsBoolean({ message: 'isDistributor must be true or false' })
  isDistributor?: boolean;
}
