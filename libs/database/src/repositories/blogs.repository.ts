import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type QueryFilter } from 'mongoose';
import { Blog } from '../schemas/blog.schema';
import { escapeRegexText } from './regex-text';

export interface NewBlog {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  bodyHtml: string;
  coverImage?: string;
  tags: string[];
  author?: Types.ObjectId;
  published: boolean;
  publishedAt?: Date;
}

/** Fields an update may set; `coverImage: null` and `publishedAt: null` remove the value. */
export type BlogChanges = Partial<Omit<NewBlog, 'coverImage' | 'publishedAt'>> & { coverImage?: string | null; publishedAt?: Date | null };

export interface BlogAuthor {
  _id: Types.ObjectId;
  username: string;
}

/** A post as read for the API: the author resolved to id and username. */
export interface BlogRecord {
  _id: Types.ObjectId;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  bodyHtml: string;
  coverImage?: string;
  tags: string[];
  author: BlogAuthor | null;
  published: boolean;
  publishedAt?: Date;
  likes: Types.ObjectId[];
  createdAt: Date;
  updatedAt: Date;
}

export interface BlogListFilter {
  published?: boolean;
  tag?: string;
  /** Free text, matched literally (case-insensitive) in title and excerpt. */
  q?: string;
  ids?: Types.ObjectId[];
}

export interface Paging {
  skip: number;
  limit: number;
  sort: { field: string; order: 1 | -1 };
}

export const BLOG_SORTABLE = ['publishedAt', 'published', 'createdAt', 'updatedAt', 'title', '_id'] as const;

@Injectable()
export class BlogsRepository {
  constructor(@InjectModel(Blog.name) private readonly model: Model<Blog>) {}

  async insertMany(blogs: NewBlog[]): Promise<number> {
    const inserted = await this.model.insertMany(blogs);
    return inserted.length;
  }

  private buildFilter(filter: BlogListFilter): QueryFilter<Blog> {
    const query: QueryFilter<Blog> = {};
    if (filter.published !== undefined) query.published = filter.published;
    if (filter.tag !== undefined) query.tags = filter.tag;
    if (filter.ids !== undefined) query._id = { $in: filter.ids };
    if (filter.q) {
      const pattern = new RegExp(escapeRegexText(filter.q), 'i');
      query.$or = [{ title: pattern }, { excerpt: pattern }];
    }
    return query;
  }

  async list(filter: BlogListFilter, paging: Paging): Promise<{ items: BlogRecord[]; total: number }> {
    const query = this.buildFilter(filter);
    const sort: Record<string, 1 | -1> = { [paging.sort.field]: paging.sort.order };
    if (paging.sort.field !== '_id') sort._id = paging.sort.order;
    const [items, total] = await Promise.all([
      this.model
        .find(query)
        .sort(sort)
        .skip(paging.skip)
        .limit(paging.limit)
        .populate<{ author: BlogAuthor | null }>('author', 'username')
        .lean<BlogRecord[]>()
        .exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** Ids and last change of published posts, newest first (the sitemap). */
  publishedEntries(limit: number): Promise<Array<{ _id: Types.ObjectId; updatedAt?: Date }>> {
    return this.model
      .find({ published: true })
      .select('_id updatedAt')
      .sort({ updatedAt: -1, _id: -1 })
      .limit(limit)
      .lean<Array<{ _id: Types.ObjectId; updatedAt?: Date }>>()
      .exec();
  }

  findById(id: Types.ObjectId): Promise<BlogRecord | null> {
    return this.model.findById(id).populate<{ author: BlogAuthor | null }>('author', 'username').lean<BlogRecord>().exec();
  }

  findBySlug(slug: string): Promise<BlogRecord | null> {
    return this.model.findOne({ slug }).populate<{ author: BlogAuthor | null }>('author', 'username').lean<BlogRecord>().exec();
  }

  /** Slugs equal to base or base-<n>, to pick a free suffix. */
  async slugsLike(base: string, exceptId?: Types.ObjectId): Promise<string[]> {
    const query: QueryFilter<Blog> = { slug: new RegExp(`^${escapeRegexText(base)}(-\\d+)?$`) };
    if (exceptId) query._id = { $ne: exceptId };
    const docs = await this.model.find(query).select('slug').lean<{ slug: string }[]>().exec();
    return docs.map((d) => d.slug);
  }

  async create(blog: NewBlog): Promise<Types.ObjectId> {
    const created = await this.model.create(blog);
    return created._id;
  }

  /** Applies the changes; false when no such post exists. */
  async update(id: Types.ObjectId, changes: BlogChanges): Promise<boolean> {
    const $set: Record<string, unknown> = {};
    const $unset: Record<string, ''> = {};
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      if (value === null) $unset[key] = '';
      else $set[key] = value;
    }
    const update: Record<string, unknown> = {};
    if (Object.keys($set).length) update.$set = $set;
    if (Object.keys($unset).length) update.$unset = $unset;
    if (!Object.keys(update).length) return (await this.model.exists({ _id: id })) !== null;
    const result = await this.model.updateOne({ _id: id }, update, { runValidators: true }).exec();
    return result.matchedCount > 0;
  }

  async delete(id: Types.ObjectId): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }

  /**
   * Toggles the user's like with conditional single-document updates: adds it when absent, else
   * removes it. Each step is atomic, so concurrent likes never duplicate or lose another user's like.
   * Answers whether the user likes the post now, or null when the post is missing.
   */
  async toggleLike(id: Types.ObjectId, user: Types.ObjectId, publishedOnly: boolean, attempt = 0): Promise<boolean | null> {
    const base: QueryFilter<Blog> = publishedOnly ? { _id: id, published: true } : { _id: id };
    const added = await this.model.updateOne({ ...base, likes: { $ne: user } }, { $addToSet: { likes: user } }).exec();
    if (added.modifiedCount > 0) return true;
    const removed = await this.model.updateOne({ ...base, likes: user }, { $pull: { likes: user } }).exec();
    if (removed.modifiedCount > 0) return false;
    // Another request toggled in between: try again (a few times at most).
    if (attempt < 3 && (await this.model.exists(base))) return this.toggleLike(id, user, publishedOnly, attempt + 1);
    return null;
  }
}
