import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ContactMessageRecord, ContactReplyRecord } from '@shop/database';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsString, Length, Matches, MaxLength } from 'class-validator';
import { Trim } from '../../common/transforms';
/** One line of text: no line breaks (they would end up in mail headers). */
const ONE_LINE = /^[^\r\n]*$/;

export class CreateContactMessageDto {
  @ApiProperty({ example: 'Ann Lee', maxLength: 100 })
  @Trim()
  @IsString({ message: 'Please fill all the fields' })
  @Length(1, 100, { message: 'Name must have 1 to 100 characters' })
  @Matches(ONE_LINE, { message: 'Name must fit on one line' })
  name!: string;

  @ApiProperty({ example: 'ann@example.com' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString({ message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @ApiProperty({ example: 'Where is my order?', maxLength: 150 })
  @Trim()
  @IsString({ message: 'Please fill all the fields' })
  @Length(1, 150, { message: 'Subject must have 1 to 150 characters' })
  @Matches(ONE_LINE, { message: 'Subject must fit on one line' })
  subject!: string;

  @ApiProperty({ example: 'I ordered a jacket last week…', maxLength: 5000 })
  @Trim()
  @IsString({ message: 'Please fill all the fields' })
  @Length(1, 5000, { message: 'Message must have 1 to 5000 characters' })
  message!: string;
}

export class UpdateContactMessageDto {
  @ApiProperty({ description: 'Whether an admin has dealt with the message' })
  @IsBoolean({ message: 'handled must be true or false' })
  handled!: boolean;
}

export class ContactReplyInputDto {
  /** Sent by e-mail to the message's sender and kept in its thread. */
  @ApiProperty({ example: 'Your order left our warehouse this morning; the tracking link follows by mail.', minLength: 1, maxLength: 5000 })
  @Trim()
  // class-validator checks the lowest decorator first (and stops there): a missing reply is "Please write a reply".
  @MaxLength(5000, { message: 'A reply can have at most 5000 characters' })
  @IsNotEmpty({ message: 'Please write a reply' })
  @IsString({ message: 'Please write a reply' })
  message!: string;
}

/** One admin's answer in a message's thread. */
export class ContactReplyDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345679' })
  _id!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345670', description: 'The admin who sent it' })
  author!: string;

  @ApiProperty({ example: 'Olive Owner', description: "The admin's username when the reply was sent" })
  authorName!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  sentAt!: string;

  static from(r: ContactReplyRecord): ContactReplyDto {
    return { _id: r._id.toString(), message: r.message, author: r.author.toString(), authorName: r.authorName, sentAt: r.sentAt.toISOString() };
  }
}

export class ContactReceivedDto {
  @ApiProperty({ example: 'Thank you for your message! We will get back to you soon.' })
  message!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: 'Id of the stored message' })
  id!: string;
}

/** A stored message as admins see it. */
export class ContactMessageDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  subject!: string;

  @ApiProperty()
  message!: string;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'The signed-in sender, if any' })
  user!: string | null;

  @ApiProperty()
  handled!: boolean;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  handledAt!: string | null;

  @ApiProperty({ nullable: true, type: String })
  handledBy!: string | null;

  /** The admins' replies, oldest first (each one was mailed to the sender). */
  @ApiProperty({ type: [ContactReplyDto] })
  replies!: ContactReplyDto[];

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  static from(m: ContactMessageRecord): ContactMessageDto {
    const id = m._id.toString();
    return {
      _id: id,
      id,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      user: m.user ? m.user.toString() : null,
      handled: m.handled,
      handledAt: m.handledAt ? m.handledAt.toISOString() : null,
      handledBy: m.handledBy ? m.handledBy.toString() : null,
      replies: (m.replies ?? []).map((r) => ContactReplyDto.from(r)),
      createdAt: m.createdAt.toISOString(),
    };
  }
}
