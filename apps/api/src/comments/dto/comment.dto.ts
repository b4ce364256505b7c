import { ApiProperty } from '@nestjs/swagger';
import type { CommentRecord } from '@shop/database';
import { Transform } from 'class-transformer';
import { IsMongoId, IsString, Length } from 'class-validator';

export class CommentUserDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: 'ann' })
  username!: string;
}

/** A comment as the API shows it; text is plain text (clients must not render it as HTML). */
export class CommentDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: 'The post' })
  blog!: string;

  @ApiProperty({ type: CommentUserDto })
  user!: CommentUserDto;

  @ApiProperty({ example: 'Love the linen shirt!' })
  text!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  static from(comment: CommentRecord): CommentDto {
    const id = comment._id.toString();
    return {
      _id: id,
      id,
      blog: comment.blog.toString(),
      user: { _id: comment.user.toString(), username: comment.username },
      text: comment.text,
      createdAt: comment.createdAt.toISOString(),
    };
  }
}

export class CreateCommentDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: 'The post to comment on' })
  @IsMongoId({ message: 'blog must be a blog id' })
  blog!: string;

  @ApiProperty({ minLength: 1, maxLength: 1000, example: 'Love the linen shirt!' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Comment text is required' })
  @Length(1, 1000, { message: 'A comment has 1 to 1000 characters' })
  text!: string;
}

export class CommentMessageDto {
  @ApiProperty({ example: 'Comment deleted' })
  message!: string;
}
