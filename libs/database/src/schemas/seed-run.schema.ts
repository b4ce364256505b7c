import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One row per one-time task (the demo seed). The unique _id makes concurrent boots agree on who runs it; the lease
 * (owner, leaseUntil, renewed while the task runs) lets another start take over a task whose runner died; finishedAt
 * marks it done for good (the owner may delete the demo data later: it is never seeded again).
 */
@Schema({ collection: 'seed_runs', versionKey: false })
export class SeedRun {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, default: () => new Date() })
  startedAt!: Date;

  @Prop({ type: Date })
  finishedAt?: Date;

  /** "host:pid:random" of the process running the task now. */
  @Prop({ type: String })
  owner?: string;

  /** The owner's claim ends here unless renewed; an unfinished task with a past lease may be taken over. */
  @Prop({ type: Date })
  leaseUntil?: Date;

  /** Items present so far, out of total: what GET /api/seed/status shows on every instance. */
  @Prop({ type: Number })
  done?: number;

  @Prop({ type: Number })
  total?: number;

  /** True when the task found the database already in use (products but no seed run) and added nothing. */
  @Prop({ type: Boolean })
  skipped?: boolean;
}
export const SeedRunSchema = SchemaFactory.createForClass(SeedRun);
