import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { UserDocument } from '@shop/database';

/** The user as the API shows it (never the password hash). */
export class UserDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ example: 'ann' })
  username!: string;

  @ApiProperty({ example: 'ann@example.com' })
  email!: string;

  @ApiProperty()
  isAdmin!: boolean;

  @ApiProperty()
  isDistributor!: boolean;

  @ApiPropertyOptional({ nullable: true, type: String })
  photoURL!: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  storeName!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  static from(user: UserDocument): UserDto {
    const id = user._id.toString();
    return {
      _id: id,
      id,
      username: user.username,
      email: user.email,
      isAdmin: user.isAdmin,
      isDistributor: user.isDistributor,
      photoURL: user.photoURL ?? null,
      storeName: user.storeName ?? null,
      createdAt: user.createdAt.toISOString(),
    };
  }
}

/** What every sign-in answers: the user info with the session token and its expiry. */
export class UserInfoDto extends UserDto {
  @ApiProperty({ description: 'Bearer token (also set as the httpOnly jwt cookie)' })
  token!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the token expires (30 days)' })
  expiresAt!: string;
}

export class MessageDto {
  @ApiProperty({ example: 'Done' })
  message!: string;
}
