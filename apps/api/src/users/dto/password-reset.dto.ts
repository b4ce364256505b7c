import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Length, MaxLength } from 'class-validator';

export class ForgotPasswordDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString({ message: 'Please enter a valid email address' })
  @IsNotEmpty({ message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email!: string;
}

export class ResetPasswordDto {
  /** The new password, 8 to 128 characters. */
  @IsString({ message: 'Password must be text' })
  @Length(8, 128, { message: 'Password must have 8 to 128 characters' })
  password!: string;
}
