import { Injectable } from '@nestjs/common';
import {
  BLOG_SORTABLE,
  BlogsRepository,
  CommentsRepository,
  isDuplicateKeyError,
  type BlogChanges,
  type BlogListFilter,
  type BlogRecord,
  renderMarkdown,
} from '@shop/database';
import { MediaStorage } from '@shop/media';
import type { Types } from 'mongoose';
import type { AuthUser } from '../auth/auth-user';
import { badRequest, conflict, notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { parseObjectId } from '../common/object-id';
import { normaliseTags, publicationDate, slugBase, uniqueSlug } from './blog-slug';
import { BlogDto } from './dto/blog.dto';
import type { BlogListQueryDto } from './dto/blog-list-query.dto';
import type { CreateBlogDto, UpdateBlogDto } from './dto/save-blog.dto';

export const BLOG_LIST_SPEC: ListSpec = {
  sortable: BLOG_SORTABLE,
  defaultSort: { field: 'publishedAt', order: -1 },
  filterable: { q: 'string', tag: 'string', published: 'boolean' },
  defaultPageSize: 12,
  maxPageSize: 100,
};

export interface BlogPage {
  items: BlogDto[];
  skip: number;
  total: number;
}

@Injectable()
export class BlogsService {
  constructor(
    private readonly blogs: BlogsRepository,
    private readonly comments: CommentsRepository,
    private readonly media: MediaStorage,
  ) {}

  /** Published posts for everyone; admins see drafts too and may filter on published. */
  async list(query: BlogListQueryDto, viewer: AuthUser | undefined): Promise<BlogPage> {
    const { skip, limit, sort, filter } = parseListQuery(query, BLOG_LIST_SPEC);
    const typed: BlogListFilter = {
      q: filter.q as string | undefined,
      tag: typeof filter.tag === 'string' ? filter.tag.trim().toLowerCase() : undefined,
      ids: filter._id as Types.ObjectId[] | undefined,
      published: viewer?.isAdmin ? (filter.published as boolean | undefined) : true,
    };
    const { items, total } = await this.blogs.list(typed, { skip, limit, sort });
    const counts = await this.comments.countByBlogs(items.map((b) => b._id));
    return { items: items.map((b) => BlogDto.from(b, viewer?.objectId, counts.get(b._id.toString()) ?? 0)), skip, total };
  }

  /** One post by id or slug; drafts only for admins. */
  async get(idOrSlug: string, viewer: AuthUser | undefined): Promise<BlogDto> {
    const blog = await this.find(idOrSlug);
    if (!blog || (!blog.published && !viewer?.isAdmin)) throw notFound('BLOG_NOT_FOUND', 'Blog not found');
    const counts = await this.comments.countByBlogs([blog._id]);
    return BlogDto.from(blog, viewer?.objectId, counts.get(blog._id.toString()) ?? 0);
  }

  private async find(idOrSlug: string): Promise<BlogRecord | null> {
    const id = parseObjectId(idOrSlug);
    if (id) {
      const byId = await this.blogs.findById(id);
      if (byId) return byId;
    }
    return idOrSlug.length <= 200 ? this.blogs.findBySlug(idOrSlug.toLowerCase()) : null;
  }

  private async checkCoverImage(coverImage: string | null | undefined): Promise<void> {
    if (!coverImage) return;
    const id = coverImage.slice(coverImage.lastIndexOf('/') + 1);
    if (!(await this.media.find(id))) throw badRequest('IMAGE_NOT_FOUND', 'Cover image not found', { coverImage: 'Cover image not found' });
  }

  /** Saves with a free slug; a concurrent save that took the same slug makes it try the next one. */
  private async withFreeSlug<T>(base: string, exceptId: Types.ObjectId | undefined, save: (slug: string) => Promise<T>): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const slug = uniqueSlug(base, await this.blogs.slugsLike(base, exceptId));
      try {
        return await save(slug);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    throw conflict('SLUG_TAKEN', 'Could not find a free slug, try another title', { slug: 'That slug is already taken' });
  }

  async create(dto: CreateBlogDto, author: AuthUser): Promise<BlogDto> {
    await this.checkCoverImage(dto.coverImage);
    const published = dto.published ?? false;
    const id = await this.withFreeSlug(slugBase(dto.title, dto.slug), undefined, (slug) =>
      this.blogs.create({
        title: dto.title,
        slug,
        excerpt: dto.excerpt ?? '',
        body: dto.body,
        bodyHtml: renderMarkdown(dto.body),
        coverImage: dto.coverImage ?? undefined,
        tags: normaliseTags(dto.tags ?? []),
        author: author.objectId,
        published,
        publishedAt: publicationDate(published, dto.publishedAt, undefined, new Date()),
      }),
    );
    return this.byId(id, author);
  }

  async update(id: Types.ObjectId, dto: UpdateBlogDto, admin: AuthUser): Promise<BlogDto> {
    const current = await this.blogs.findById(id);
    if (!current) throw notFound('BLOG_NOT_FOUND', 'Blog not found');
    await this.checkCoverImage(dto.coverImage);
    const published = dto.published ?? current.published;
    const changes: BlogChanges = {
      title: dto.title,
      excerpt: dto.excerpt,
      body: dto.body,
      bodyHtml: dto.body !== undefined ? renderMarkdown(dto.body) : undefined,
      coverImage: dto.coverImage,
      tags: dto.tags ? normaliseTags(dto.tags) : undefined,
      published: dto.published,
      publishedAt: publicationDate(published, dto.publishedAt, current.publishedAt, new Date()),
    };
    // The slug changes only when asked for: links to the post keep working after a title edit.
    const found =
      dto.slug !== undefined && slugBase(dto.title ?? current.title, dto.slug) !== current.slug
        ? await this.withFreeSlug(slugBase(dto.title ?? current.title, dto.slug), id, (slug) => this.blogs.update(id, { ...changes, slug }))
        : await this.blogs.update(id, changes);
    if (!found) throw notFound('BLOG_NOT_FOUND', 'Blog not found');
    return this.byId(id, admin);
  }

  /** Deletes the post and its comments. */
  async delete(id: Types.ObjectId): Promise<void> {
    if (!(await this.blogs.delete(id))) throw notFound('BLOG_NOT_FOUND', 'Blog not found');
    await this.comments.deleteByBlog(id);
  }

  /** Likes the post, or takes the like back when the user already liked it. */
  async toggleLike(id: Types.ObjectId, user: AuthUser): Promise<BlogDto> {
    const liked = await this.blogs.toggleLike(id, user.objectId, !user.isAdmin);
    if (liked === null) throw notFound('BLOG_NOT_FOUND', 'Blog not found');
    return this.byId(id, user);
  }

  private async byId(id: Types.ObjectId, viewer: AuthUser): Promise<BlogDto> {
    const blog = await this.blogs.findById(id);
    if (!blog) throw notFound('BLOG_NOT_FOUND', 'Blog not found');
    const counts = await this.comments.countByBlogs([id]);
    return BlogDto.from(blog, viewer.objectId, counts.get(id.toString()) ?? 0);
  }
}
