import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { BlogRecord } from '@shop/database';
import type { Types } from 'mongoose';

export class BlogAuthorDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: 'admin' })
  username!: string;
}

/** A blog post as the API shows it. */
export class BlogDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ example: 'Ten looks for summer' })
  title!: string;

  @ApiProperty({ example: 'ten-looks-for-summer' })
  slug!: string;

  @ApiProperty()
  excerpt!: string;

  @ApiProperty({ description: 'Markdown source of the post' })
  body!: string;

  @ApiProperty({ description: 'The body rendered to sanitised HTML on the server' })
  bodyHtml!: string;

  @ApiProperty({ nullable: true, type: String, example: '/api/images/665f1c2e9d1e8a0012345678' })
  coverImage!: string | null;

  @ApiProperty({ type: [String] })
  tags!: string[];

  @ApiProperty({ type: BlogAuthorDto, nullable: true })
  author!: BlogAuthorDto | null;

  @ApiProperty()
  published!: boolean;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  publishedAt!: string | null;

  @ApiProperty({ description: 'Number of likes', example: 3 })
  likes!: number;

  @ApiProperty({ description: 'Whether the caller likes the post (false for guests)' })
  likedByMe!: boolean;

  @ApiPropertyOptional({ description: 'Number of comments', example: 2 })
  commentCount?: number;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;

  static from(blog: BlogRecord, viewer: Types.ObjectId | undefined, commentCount?: number): BlogDto {
    const id = blog._id.toString();
    const likes = blog.likes ?? [];
    return {
      _id: id,
      id,
      title: blog.title,
      slug: blog.slug,
      excerpt: blog.excerpt ?? '',
      body: blog.body,
      bodyHtml: blog.bodyHtml,
      coverImage: blog.coverImage ?? null,
      tags: blog.tags ?? [],
      author: blog.author ? { _id: blog.author._id.toString(), username: blog.author.username } : null,
      published: blog.published,
      publishedAt: blog.publishedAt ? blog.publishedAt.toISOString() : null,
      likes: likes.length,
      likedByMe: viewer ? likes.some((l) => l.equals(viewer)) : false,
      ...(commentCount !== undefined ? { commentCount } : {}),
      createdAt: blog.createdAt.toISOString(),
      updatedAt: blog.updatedAt.toISOString(),
    };
  }
}
