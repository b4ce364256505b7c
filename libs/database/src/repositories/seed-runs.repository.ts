import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { SeedRun } from '../schemas/seed-run.schema';
import { isDuplicateKeyError } from '../mongo-errors';

@Injectable()
export class SeedRunsRepository {
  constructor(@InjectModel(SeedRun.name) private readonly model: Model<SeedRun>) {}

  /** Claims a one-time task. Exactly one caller gets true, even across processes. */
  async claim(task: string): Promise<boolean> {
    try {
      await this.model.create({ _id: task });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async finish(task: string): Promise<void> {
    await this.model.updateOne({ _id: task }, { $set: { finishedAt: new Date() } }).exec();
  }

  async release(task: string): Promise<void> {
    await this.model.deleteOne({ _id: task }).exec();
  }
}
