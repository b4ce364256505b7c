import { IsEmail, IsNotEmpty, IsString, Length, MaxLength } from 'class-validator';
import { Trim, TrimLower } from '../../common/transforms';

export class RegisterDto {
  /** Shown on reviews and comments. */
  @Trim()
  @IsString({ message: 'Please fill all fields' })
  @IsNotEmpty({ message: 'Please fill all fields' })
  @MaxLength(50, { message: 'Username must have at most 50 characters' })
  username!: string;

  @TrimLower()
  @IsString({ message: 'Please fill all fields' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email!: string;

  /** 8 to 128 characters. */
  @IsString({ message: 'Please fill all fields' })
  @Length(8, 128, { message: 'Password must have 8 to 128 characters' })
  password!: string;
}

export class LoginDto {
  @TrimLower()
  @IsString({ message: 'Please fill all the fields' })
  @IsNotEmpty({ message: 'Please fill all the fields' })
  @IsEmail({}, { message: 'Invalid email address' })
  @MaxLength(254)
  email!: string;

  @IsString({ message: 'Please fill all the fields' })
  @IsNotEmpty({ message: 'Please fill all the fields' })
  @MaxLength(128)
  password!: string;
}
