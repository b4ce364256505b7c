import { Body, Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { setListHeaders } from '../common/list-query';
import { parseObjectIdOr404 } from '../common/object-id';
import { CommentsService } from './comments.service';
import { CommentDto, CommentMessageDto, CreateCommentDto } from './dto/comment.dto';

@ApiTags('comments')
@Controller('comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @ApiOperation({ summary: "A post's comments, newest first, paged" })
  @ApiQuery({ name: 'blog', required: true, description: 'The post id' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  @ApiQuery({ name: 'range', required: false, description: 'react-admin range, e.g. [0,19]' })
  @ApiOkResponse({ type: [CommentDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'Missing or malformed blog id' })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Blog not found' })
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser | undefined, @Res({ passthrough: true }) res: Response): Promise<CommentDto[]> {
    const page = await this.comments.list(query, user);
    setListHeaders(res, 'comments', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Post()
  @Auth()
  @ApiOperation({ summary: 'Comment on a post (signed in; 5 comments a minute per account)' })
  @ApiCreatedResponse({ type: CommentDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Blog not found' })
  @ApiTooManyRequestsResponse({ type: ErrorBody, description: 'Commenting too fast' })
  create(@Body() dto: CreateCommentDto, @CurrentUser() user: AuthUser): Promise<CommentDto> {
    return this.comments.create(dto, user);
  }

  @Delete(':id')
  @Auth()
  @ApiOperation({ summary: 'Delete a comment (its author or an admin)' })
  @ApiOkResponse({ type: CommentMessageDto })
  @ApiForbiddenResponse({ type: ErrorBody, description: 'Not your comment' })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Comment not found' })
  async delete(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<CommentMessageDto> {
    await this.comments.delete(parseObjectIdOr404(id, 'COMMENT_NOT_FOUND', 'Comment not found'), user);
    return { message: 'Comment deleted' };
  }
}
