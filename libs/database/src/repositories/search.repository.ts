import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ProductTombstone, SearchMiss, SearchSettings } from '../schemas/search.schema';

const SETTINGS_ID = 'search';

export interface SearchMissRow {
  query: string;
  count: number;
  lastSearchedAt: Date;
}

/** What the search keeps in the database: deleted products' tombstones, the synonyms, and queries that found nothing. */
@Injectable()
export class SearchRepository {
  constructor(
    @InjectModel(ProductTombstone.name) private readonly tombstones: Model<ProductTombstone>,
    @InjectModel(SearchSettings.name) private readonly settings: Model<SearchSettings>,
    @InjectModel(SearchMiss.name) private readonly misses: Model<SearchMiss>,
  ) {}

  /** Marks products as deleted (before they are): a later write of the same id only moves the date. */
  async bury(ids: Types.ObjectId[], at = new Date()): Promise<void> {
    if (ids.length === 0) return;
    await this.tombstones.bulkWrite(ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { deletedAt: at } }, upsert: true } })));
  }

  /** Products deleted at or after this moment. */
  async buriedSince(since: Date): Promise<Types.ObjectId[]> {
    const rows = await this.tombstones
      .find({ deletedAt: { $gte: since } })
      .select('_id')
      .lean<Array<{ _id: Types.ObjectId }>>()
      .exec();
    return rows.map((r) => r._id);
  }

  /** The synonym groups, and when they last changed; undefined when the owner has never saved any. */
  async synonyms(): Promise<{ groups: string[][]; updatedAt: Date } | undefined> {
    const row = await this.settings.findById(SETTINGS_ID).lean<{ synonyms?: string[][]; updatedAt: Date }>().exec();
    return row ? { groups: row.synonyms ?? [], updatedAt: row.updatedAt } : undefined;
  }

  async saveSynonyms(groups: string[][]): Promise<{ groups: string[][]; updatedAt: Date }> {
    const updatedAt = new Date();
    await this.settings.updateOne({ _id: SETTINGS_ID }, { $set: { synonyms: groups, updatedAt } }, { upsert: true }).exec();
    return { groups, updatedAt };
  }

  /** Counts one search that found nothing. */
  async countMiss(query: string, at = new Date()): Promise<void> {
    await this.misses.updateOne({ _id: query }, { $inc: { count: 1 }, $set: { lastSearchedAt: at } }, { upsert: true }).exec();
  }

  async topMisses(limit: number): Promise<SearchMissRow[]> {
    const rows = await this.misses
      .find()
      .sort({ count: -1, lastSearchedAt: -1 })
      .limit(limit)
      .lean<Array<{ _id: string; count: number; lastSearchedAt: Date }>>()
      .exec();
    return rows.map((r) => ({ query: r._id, count: r.count, lastSearchedAt: r.lastSearchedAt }));
  }
}
