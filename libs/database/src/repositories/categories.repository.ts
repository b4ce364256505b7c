import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Category, CategoryDocument } from '../schemas/category.schema';
import { slugify } from '../slugify';

export interface CategoryRecord {
  _id: Types.ObjectId;
  name: string;
  slug: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface CategorySort {
  field: 'name' | 'createdAt' | 'updatedAt' | '_id';
  order: 1 | -1;
}

/** Typed category filter: ids and/or a literal (escaped) name pattern. */
export interface CategoryFilter {
  ids?: Types.ObjectId[];
  namePattern?: RegExp;
}

function nameFields(name: string): { name: string; nameKey: string; slug: string } {
  const trimmed = name.trim();
  return { name: trimmed, nameKey: trimmed.toLowerCase(), slug: slugify(trimmed) };
}

@Injectable()
export class CategoriesRepository {
  constructor(@InjectModel(Category.name) private readonly model: Model<Category>) {}

  create(name: string): Promise<CategoryDocument> {
    return this.model.create(nameFields(name));
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }

  private toQuery(filter: CategoryFilter): Record<string, unknown> {
    const query: Record<string, unknown> = {};
    if (filter.ids) query._id = { $in: filter.ids };
    if (filter.namePattern) query.name = filter.namePattern;
    return query;
  }

  async find(filter: CategoryFilter, sort: CategorySort, skip: number, limit: number): Promise<CategoryRecord[]> {
    return this.model
      .find(this.toQuery(filter))
      .sort({ [sort.field]: sort.order, ...(sort.field !== '_id' ? { _id: sort.order } : {}) })
      .skip(skip)
      .limit(limit)
      .lean<CategoryRecord[]>()
      .exec();
  }

  countMatching(filter: CategoryFilter): Promise<number> {
    return this.model.countDocuments(this.toQuery(filter)).exec();
  }

  /** Every category, by name (the storefront's plain list). */
  findAll(): Promise<CategoryRecord[]> {
    return this.model.find().sort({ name: 1 }).lean<CategoryRecord[]>().exec();
  }

  findById(id: Types.ObjectId): Promise<CategoryRecord | null> {
    return this.model.findById(id).lean<CategoryRecord>().exec();
  }

  /** Categories created or renamed at or after this moment (the search index renames its products' category). */
  changedSince(since: Date): Promise<Array<{ _id: Types.ObjectId; name: string }>> {
    return this.model
      .find({ updatedAt: { $gte: since } })
      .select('name')
      .lean<Array<{ _id: Types.ObjectId; name: string }>>()
      .exec();
  }

  async countByIds(ids: Types.ObjectId[]): Promise<number> {
    return this.model.countDocuments({ _id: { $in: ids } }).exec();
  }

  /** Renames; a clash of names (ignoring case) raises MongoDB's duplicate-key error. */
  rename(id: Types.ObjectId, name: string): Promise<CategoryRecord | null> {
    return this.model
      .findByIdAndUpdate(id, { $set: nameFields(name) }, { returnDocument: 'after', runValidators: true })
      .lean<CategoryRecord>()
      .exec();
  }

  async deleteById(id: Types.ObjectId): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id }).exec();
    return result.deletedCount === 1;
  }
}
