import { Transform } from 'class-transformer';
import { IsMongoId, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { AdminUpdateUserDto } from './admin-user.dto';

/** PUT /api/users/profile: username and e-mail as for admins, plus the password change. Empty password = unchanged. */
export class UpdateProfileDto extends AdminUpdateUserDto {
  /** The storefront sends its own id; when present it must be the caller's. */
  @IsOptional()
  @IsMongoId({ message: '_id must be an id' })
  _id?: string;

  /** A new password, 8 to 128 characters. Requires currentPassword. Empty means unchanged. */
  @Transform(({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value))
  @IsOptional()
  @IsString({ message: 'Password must be text' })
  @Length(8, 128, { message: 'Password must have 8 to 128 characters' })
  password?: string;

  /** Required to change the password or the e-mail. */
  @IsOptional()
  @IsString({ message: 'Current password must be text' })
  @MaxLength(128)
  currentPassword?: string;
}
