import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Comment } from '../schemas/comment.schema';

export interface NewComment {
  blog: Types.ObjectId;
  user: Types.ObjectId;
  username: string;
  text: string;
}

export interface CommentRecord {
  _id: Types.ObjectId;
  blog: Types.ObjectId;
  user: Types.ObjectId;
  username: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

@Injectable()
export class CommentsRepository {
  constructor(@InjectModel(Comment.name) private readonly model: Model<Comment>) {}

  async create(comment: NewComment): Promise<CommentRecord> {
    const created = await this.model.create(comment);
    return created.toObject<CommentRecord>();
  }

  findById(id: Types.ObjectId): Promise<CommentRecord | null> {
    return this.model.findById(id).lean<CommentRecord>().exec();
  }

  /** A post's comments, newest first. */
  async listByBlog(blog: Types.ObjectId, skip: number, limit: number): Promise<{ items: CommentRecord[]; total: number }> {
    const [items, total] = await Promise.all([
      this.model.find({ blog }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<CommentRecord[]>().exec(),
      this.model.countDocuments({ blog }).exec(),
    ]);
    return { items, total };
  }

  async delete(id: Types.ObjectId): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }

  async deleteByBlog(blog: Types.ObjectId): Promise<number> {
    const result = await this.model.deleteMany({ blog }).exec();
    return result.deletedCount;
  }

  /** Number of comments per post, for the given posts (posts without comments are absent). */
  async countByBlogs(blogs: Types.ObjectId[]): Promise<Map<string, number>> {
    if (!blogs.length) return new Map();
    const rows = await this.model
      .aggregate<{ _id: Types.ObjectId; count: number }>([{ $match: { blog: { $in: blogs } } }, { $group: { _id: '$blog', count: { $sum: 1 } } }])
      .exec();
    return new Map(rows.map((r) => [r._id.toString(), r.count]));
  }
}
