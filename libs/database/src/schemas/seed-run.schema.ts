import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One row per one-time task (demo seed): the unique _id makes concurrent boots agree on who runs it. */
@Schema({ collection: 'seed_runs', versionKey: false })
export class SeedRun {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, default: () => new Date() })
  startedAt!: Date;

  @Prop({ type: Date })
  finishedAt?: Date;
}
export const SeedRunSchema = SchemaFactory.createForClass(SeedRun);
