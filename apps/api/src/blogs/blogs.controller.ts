import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Types } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { BlogsService } from './blogs.service';
import { BlogDto } from './dto/blog.dto';
import { BlogListQueryDto } from './dto/blog-list-query.dto';
import { BlogMessageDto } from './dto/message.dto';
import { CreateBlogDto, UpdateBlogDto } from './dto/save-blog.dto';

/** A blog id in the path (24 hex digits; anything else is 404 BLOG_NOT_FOUND). */
const BlogId = () => IdParam('id', 'BLOG_NOT_FOUND', 'Blog not found');

@ApiTags('blogs')
@Controller('blogs')
export class BlogsController {
  constructor(private readonly blogs: BlogsService) {}

  @Get()
  @ApiOperation({
    summary: 'Published posts, newest first (admins also see drafts and may filter on published)',
    description:
      'JSON array; total in X-Total-Count and Content-Range. Sortable: publishedAt (default, newest first), published, createdAt, updatedAt, title, id. ' +
      'filter keys: q (text), tag, published (admins), id (list of ids).',
  })
  @ApiOkResponse({ type: [BlogDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiErrors('INVALID_QUERY')
  async list(
    @Query() query: BlogListQueryDto,
    @CurrentUser() user: AuthUser | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<BlogDto[]> {
    const page = await this.blogs.list(query, user);
    setListHeaders(res, 'blogs', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One post, by id or slug', description: 'Drafts only for admins.' })
  @ApiParam({ name: 'id', description: 'The blog id or its slug', example: 'ten-looks-for-summer' })
  @ApiOkResponse({ type: BlogDto })
  @ApiErrors('BLOG_NOT_FOUND')
  get(@Param('id') idOrSlug: string, @CurrentUser() user: AuthUser | undefined): Promise<BlogDto> {
    return this.blogs.get(idOrSlug, user);
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ summary: 'Write a post (admins)' })
  @ApiCreatedResponse({ type: BlogDto })
  @ApiErrors(['IMAGE_NOT_FOUND', 400], 'SLUG_TAKEN')
  create(@Body() dto: CreateBlogDto, @CurrentUser() user: AuthUser): Promise<BlogDto> {
    return this.blogs.create(dto, user);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Edit a post (admins); the slug changes only when a new one is given' })
  @ApiOkResponse({ type: BlogDto })
  @ApiErrors('BLOG_NOT_FOUND', ['IMAGE_NOT_FOUND', 400], 'SLUG_TAKEN')
  update(@BlogId() id: string, @Body() dto: UpdateBlogDto, @CurrentUser() user: AuthUser): Promise<BlogDto> {
    return this.blogs.update(new Types.ObjectId(id), dto, user);
  }

  @Delete(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a post and its comments (admins)' })
  @ApiOkResponse({ type: BlogMessageDto })
  @ApiErrors('BLOG_NOT_FOUND')
  async delete(@BlogId() id: string): Promise<BlogMessageDto> {
    await this.blogs.delete(new Types.ObjectId(id));
    return { message: 'Blog deleted' };
  }

  @Post(':id/like')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: "Toggle the signed-in user's like; answers the post with likes and likedByMe" })
  @ApiOkResponse({ type: BlogDto })
  @ApiErrors('BLOG_NOT_FOUND')
  like(@BlogId() id: string, @CurrentUser() user: AuthUser): Promise<BlogDto> {
    return this.blogs.toggleLike(new Types.ObjectId(id), user);
  }
}
