import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim, TrimLower } from '../../common/transforms';

/** PUT /api/users/{id} (admins): username and e-mail only; any other field answers 400. */
export class AdminUpdateUserDto {
  @IsOptional()
  @Trim()
  @IsString({ message: 'Username must be text' })
  @IsNotEmpty({ message: 'Username cannot be empty' })
  @MaxLength(50, { message: 'Username must have at most 50 characters' })
  username?: string;

  @IsOptional()
  @TrimLower()
  @IsString({ message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email?: string;
}
