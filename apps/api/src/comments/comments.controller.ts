import { Body, Controller, Delete, Get, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Types } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { CommentsService } from './comments.service';
import { CommentDto, CommentMessageDto, CreateCommentDto } from './dto/comment.dto';
import { CommentListQueryDto } from './dto/comment-list-query.dto';

@ApiTags('comments')
@Controller('comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @ApiOperation({
    summary: "A post's comments, newest first, paged",
    description: 'JSON array; total in X-Total-Count and Content-Range. A missing or malformed blog answers 400; a draft is 404 for all but admins.',
  })
  @ApiOkResponse({ type: [CommentDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiErrors('INVALID_QUERY', 'BLOG_NOT_FOUND')
  async list(
    @Query() query: CommentListQueryDto,
    @CurrentUser() user: AuthUser | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CommentDto[]> {
    const page = await this.comments.list(query, user);
    setListHeaders(res, 'comments', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Post()
  @Auth()
  @ApiOperation({ summary: 'Comment on a post (signed in; 5 comments a minute per account)' })
  @ApiCreatedResponse({ type: CommentDto })
  @ApiErrors('BLOG_NOT_FOUND', 'TOO_MANY_COMMENTS')
  create(@Body() dto: CreateCommentDto, @CurrentUser() user: AuthUser): Promise<CommentDto> {
    return this.comments.create(dto, user);
  }

  @Delete(':id')
  @Auth()
  @ApiOperation({ summary: 'Delete a comment (its author or an admin)' })
  @ApiOkResponse({ type: CommentMessageDto })
  @ApiErrors('COMMENT_NOT_FOUND', 'NOT_COMMENT_AUTHOR')
  async delete(@IdParam('id', 'COMMENT_NOT_FOUND', 'Comment not found') id: string, @CurrentUser() user: AuthUser): Promise<CommentMessageDto> {
    await this.comments.delete(new Types.ObjectId(id), user);
    return { message: 'Comment deleted' };
  }
}
