import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { Trim } from '../../common/transforms';

/**
 * POST /api/users/google (and the deprecated google-login and google-signin). The spec's fields (googleId, email, username,
 * photoURL) are hints at most: the account is decided by the verified `credential` alone.
 */
export class GoogleSignInDto {
  /** The Google ID token (a JWT) from Google Identity Services. */
  @IsString({ message: 'A Google credential is required' })
  @IsNotEmpty({ message: 'A Google credential is required' })
  @MaxLength(4096)
  credential!: string;

  /** Must equal the credential's subject when given. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  googleId?: string;

  /** Must equal the credential's e-mail when given. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email?: string;

  /** Display name for a new account (else the Google profile name). */
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50, { message: 'Username must have at most 50 characters' })
  username?: string;

  /** Profile picture: an https URL only; the server never fetches it. */
  @IsOptional()
  @IsUrl({ protocols: ['https'], require_protocol: true, require_valid_protocol: true }, { message: 'photoURL must be an https URL' })
  @MaxLength(2048)
  photoURL?: string;
}
