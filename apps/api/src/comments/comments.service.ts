import { Injectable } from '@nestjs/common';
import { BlogsRepository, CommentsRepository } from '@shop/database';
import { Types } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { forbidden, notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { CommentRateLimit } from './comment-rate-limit';
import { CommentDto, type CreateCommentDto } from './dto/comment.dto';
import type { CommentListQueryDto } from './dto/comment-list-query.dto';

export const COMMENT_LIST_SPEC: ListSpec = {
  sortable: ['createdAt'],
  defaultSort: { field: 'createdAt', order: -1 },
  defaultPageSize: 20,
  maxPageSize: 100,
};

export interface CommentPage {
  items: CommentDto[];
  skip: number;
  total: number;
}

/** Only the author of a comment or an admin may delete it. */
export function mayDeleteComment(comment: { user: Types.ObjectId }, caller: Pick<AuthUser, 'objectId' | 'isAdmin'>): boolean {
  return caller.isAdmin || comment.user.equals(caller.objectId);
}

@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly blogs: BlogsRepository,
    private readonly rateLimit: CommentRateLimit,
  ) {}

  /** A post's comments, newest first; the post must be visible to the caller. */
  async list(query: CommentListQueryDto, viewer: AuthUser | undefined): Promise<CommentPage> {
    const { skip, limit } = parseListQuery(query, COMMENT_LIST_SPEC);
    const blog = await this.visibleBlog(new Types.ObjectId(query.blog), viewer);
    const { items, total } = await this.comments.listByBlog(blog, skip, limit);
    return { items: items.map((c) => CommentDto.from(c)), skip, total };
  }

  async create(dto: CreateCommentDto, user: AuthUser): Promise<CommentDto> {
    const blog = await this.visibleBlog(new Types.ObjectId(dto.blog), user);
    await this.rateLimit.hit(user.id);
    const created = await this.comments.create({ blog, user: user.objectId, username: user.username, text: dto.text });
    return CommentDto.from(created);
  }

  async delete(id: Types.ObjectId, caller: AuthUser): Promise<void> {
    const comment = await this.comments.findById(id);
    if (!comment) throw notFound('COMMENT_NOT_FOUND', 'Comment not found');
    if (!mayDeleteComment(comment, caller)) throw forbidden('NOT_COMMENT_AUTHOR', 'You can only delete your own comments');
    await this.comments.delete(id);
  }

  private async visibleBlog(id: Types.ObjectId, viewer: AuthUser | undefined): Promise<Types.ObjectId> {
    const blog = await this.blogs.findById(id);
    if (!blog || (!blog.published && !viewer?.isAdmin)) throw notFound('BLOG_NOT_FOUND', 'Blog not found');
    return blog._id;
  }
}
