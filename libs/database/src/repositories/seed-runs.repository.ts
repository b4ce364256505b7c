import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { Product } from '../schemas/product.schema';
import { SeedRun } from '../schemas/seed-run.schema';
import { isDuplicateKeyError } from '../mongo-errors';

export interface SeedRunRecord {
  _id: string;
  startedAt: Date;
  finishedAt?: Date;
  owner?: string;
  leaseUntil?: Date;
  done?: number;
  total?: number;
  skipped?: boolean;
}

/**
 * One-time tasks (the demo seed) that several instances may start at once and any of them may be killed during:
 * a lease decides who runs the task, and a task is done only once finishedAt is set. Also the keyed look-ups that
 * let the demo seed add only what is missing after an interruption.
 */
@Injectable()
export class SeedRunsRepository {
  constructor(
    @InjectModel(SeedRun.name) private readonly model: Model<SeedRun>,
    @InjectModel(Product.name) private readonly products: Model<Product>,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  find(task: string): Promise<SeedRunRecord | null> {
    return this.model.findById(task).lean<SeedRunRecord>().exec();
  }

  /** Creates the task's record with owner's lease. False when a record exists already (someone else created it). */
  async create(task: string, owner: string, leaseMs: number): Promise<boolean> {
    try {
      await this.model.create({ _id: task, owner, leaseUntil: new Date(Date.now() + leaseMs) });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** Records a task as done without running it (the database was in use before any seed run). */
  async createSkipped(task: string): Promise<boolean> {
    try {
      const now = new Date();
      await this.model.create({ _id: task, startedAt: now, finishedAt: now, skipped: true, done: 0, total: 0 });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /**
   * Takes over an unfinished task whose lease has expired, was released, or belongs to deadOwner (a process the
   * caller knows has died). Exactly one caller wins; null for the others and when the task is finished.
   */
  takeOver(task: string, owner: string, leaseMs: number, deadOwner?: string): Promise<SeedRunRecord | null> {
    const now = new Date();
    const claimable: Record<string, unknown>[] = [{ leaseUntil: { $exists: false } }, { leaseUntil: null }, { leaseUntil: { $lt: now } }];
    if (deadOwner) claimable.push({ owner: deadOwner });
    return this.model
      .findOneAndUpdate(
        { _id: task, finishedAt: null, $or: claimable },
        { $set: { owner, leaseUntil: new Date(now.getTime() + leaseMs) } },
        { returnDocument: 'after' },
      )
      .lean<SeedRunRecord>()
      .exec();
  }

  /** Extends owner's lease and records its progress. False when owner no longer holds the task. */
  async renew(task: string, owner: string, leaseMs: number, done: number, total: number): Promise<boolean> {
    const result = await this.model
      .updateOne({ _id: task, owner, finishedAt: null }, { $set: { leaseUntil: new Date(Date.now() + leaseMs), done, total } })
      .exec();
    return result.matchedCount === 1;
  }

  async finish(task: string, owner: string, total: number): Promise<void> {
    await this.model.updateOne({ _id: task, owner }, { $set: { finishedAt: new Date(), done: total, total }, $unset: { leaseUntil: 1 } }).exec();
  }

  /** Gives the task back unfinished (a clean stop or a failure), so the next start resumes it at once. */
  async release(task: string, owner: string): Promise<void> {
    await this.model.updateOne({ _id: task, owner, finishedAt: null }, { $unset: { leaseUntil: 1, owner: 1 } }).exec();
  }

  /** Which of these product slugs exist. */
  async existingProductSlugs(slugs: string[]): Promise<Set<string>> {
    const rows = await this.products
      .find({ slug: { $in: slugs } }, { slug: 1 })
      .lean<{ slug: string }[]>()
      .exec();
    return new Set(rows.map((row) => row.slug));
  }

  /** Stored images (GridFS bucket "images") whose file name starts with prefix: file name to id, the oldest of each name. */
  async imagesNamed(prefix: string): Promise<Map<string, string>> {
    const db = this.connection.db;
    if (!db) throw new Error('MongoDB connection is not open');
    const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const files = await db
      .collection<{ _id: unknown; filename: string }>('images.files')
      .find({ filename: { $regex: `^${escaped}` } }, { projection: { _id: 1, filename: 1 }, sort: { uploadDate: 1 } })
      .toArray();
    const byName = new Map<string, string>();
    for (const file of files) if (!byName.has(file.filename)) byName.set(file.filename, String(file._id));
    return byName;
  }
}
