import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { setListHeaders } from '../common/list-query';
import { parseObjectIdOr404 } from '../common/object-id';
import { BlogsService } from './blogs.service';
import { BlogDto } from './dto/blog.dto';
import { BlogMessageDto } from './dto/message.dto';
import { CreateBlogDto, UpdateBlogDto } from './dto/save-blog.dto';

const blogId = (id: string) => parseObjectIdOr404(id, 'BLOG_NOT_FOUND', 'Blog not found');

@ApiTags('blogs')
@Controller('blogs')
export class BlogsController {
  constructor(private readonly blogs: BlogsService) {}

  @Get()
  @ApiOperation({ summary: 'Published posts, newest first (admins also see drafts and may filter on published)' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  @ApiQuery({ name: 'range', required: false, description: 'react-admin range, e.g. [0,11]' })
  @ApiQuery({ name: 'sort', required: false, description: 'e.g. ["publishedAt","DESC"]' })
  @ApiQuery({ name: 'filter', required: false, description: 'JSON: {"q":"text","tag":"style","published":true}' })
  @ApiOkResponse({ type: [BlogDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiBadRequestResponse({ type: ErrorBody })
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser | undefined, @Res({ passthrough: true }) res: Response): Promise<BlogDto[]> {
    const page = await this.blogs.list(query, user);
    setListHeaders(res, 'blogs', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One post, by id or slug' })
  @ApiParam({ name: 'id', description: 'The blog id or its slug', example: 'ten-looks-for-summer' })
  @ApiOkResponse({ type: BlogDto })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Blog not found' })
  get(@Param('id') idOrSlug: string, @CurrentUser() user: AuthUser | undefined): Promise<BlogDto> {
    return this.blogs.get(idOrSlug, user);
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ summary: 'Write a post (admins)' })
  @ApiCreatedResponse({ type: BlogDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'No free slug' })
  create(@Body() dto: CreateBlogDto, @CurrentUser() user: AuthUser): Promise<BlogDto> {
    return this.blogs.create(dto, user);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Edit a post (admins); the slug changes only when a new one is given' })
  @ApiOkResponse({ type: BlogDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Blog not found' })
  @ApiConflictResponse({ type: ErrorBody, description: 'No free slug' })
  update(@Param('id') id: string, @Body() dto: UpdateBlogDto, @CurrentUser() user: AuthUser): Promise<BlogDto> {
    return this.blogs.update(blogId(id), dto, user);
  }

  @Delete(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a post and its comments (admins)' })
  @ApiOkResponse({ type: BlogMessageDto })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Blog not found' })
  async delete(@Param('id') id: string): Promise<BlogMessageDto> {
    await this.blogs.delete(blogId(id));
    return { message: 'Blog deleted' };
  }

  @Post(':id/like')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: "Toggle the signed-in user's like; answers the post with likes and likedByMe" })
  @ApiOkResponse({ type: BlogDto })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Blog not found' })
  like(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<BlogDto> {
    return this.blogs.toggleLike(blogId(id), user);
  }
}
