import { ApiProperty } from '@nestjs/swagger';
import type { SubscriberRecord } from '@shop/database';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';

/** The spec's rule for the newsletter form: non-space text, @, non-space text, dot, non-space text. */
export const NEWSLETTER_EMAIL = /^\S+@\S+\.\S+$/;
const INVALID_EMAIL = 'Please enter a valid email address';

export class SubscribeDto {
  @ApiProperty({ example: 'ann@example.com' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString({ message: INVALID_EMAIL })
  @MaxLength(254, { message: INVALID_EMAIL })
  @Matches(NEWSLETTER_EMAIL, { message: INVALID_EMAIL })
  email!: string;
}

export class NewsletterMessageDto {
  @ApiProperty({ example: 'Thank you for subscribing!' })
  message!: string;
}

/** A subscriber as admins see it (the unsubscribe token stays private). */
export class SubscriberDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ example: 'ann@example.com' })
  email!: string;

  @ApiProperty({ description: 'false once the address unsubscribed' })
  active!: boolean;

  @ApiProperty({ type: String, format: 'date-time' })
  subscribedAt!: string;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  unsubscribedAt!: string | null;

  static from(s: SubscriberRecord): SubscriberDto {
    const id = s._id.toString();
    return {
      _id: id,
      id,
      email: s.email,
      active: s.active,
      subscribedAt: s.subscribedAt.toISOString(),
      unsubscribedAt: s.active || !s.unsubscribedAt ? null : s.unsubscribedAt.toISOString(),
    };
  }
}
