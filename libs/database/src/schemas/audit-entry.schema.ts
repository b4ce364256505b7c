import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Schema as MongooseSchema, Types } from 'mongoose';
import { AUDIT_ACTIONS, AUDIT_COLLECTION, type AuditAction, type AuditEntryAction } from '../audit/audit-plugin';

/** Who made a change: the admin, as their account read when they made it. */
@Schema({ _id: false })
export class AuditEntryActor {
  @Prop({ type: Types.ObjectId, required: true })
  id!: Types.ObjectId;

  @Prop({ required: true })
  name!: string;

  @Prop({ required: true })
  email!: string;
}

/** One changed field: its dotted path, its value before and after (redacted and capped by the audit trail). */
@Schema({ _id: false })
export class AuditEntryChange {
  @Prop({ required: true })
  field!: string;

  @Prop({ type: MongooseSchema.Types.Mixed })
  before?: unknown;

  @Prop({ type: MongooseSchema.Types.Mixed })
  after?: unknown;
}

const AuditEntryChangeSchema = SchemaFactory.createForClass(AuditEntryChange);

/** One record an admin's action wrote: its collection, id, human name and the fields a person reads. */
@Schema({ _id: false })
export class AuditEntryRecordChange {
  @Prop({ type: String, required: true, enum: ['create', 'update', 'delete'] })
  action!: AuditAction;

  @Prop({ required: true })
  resource!: string;

  @Prop({ required: true })
  documentId!: string;

  @Prop({ type: String })
  label?: string;

  @Prop({ type: [AuditEntryChangeSchema], default: [] })
  changes!: AuditEntryChange[];
}

/** One admin action (a request) and the records it wrote (see the API's audit recorder). Never updated. */
@Schema({ collection: AUDIT_COLLECTION, strictQuery: 'throw', versionKey: false })
export class AuditEntry {
  _id!: Types.ObjectId;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: SchemaFactory.createForClass(AuditEntryActor), required: true })
  actor!: AuditEntryActor;

  @Prop({ required: true })
  method!: string;

  @Prop({ required: true })
  route!: string;

  @Prop({ type: MongooseSchema.Types.Mixed, default: () => ({}) })
  params!: Record<string, string>;

  @Prop({ type: String })
  requestId?: string;

  @Prop({ type: String, required: true, enum: AUDIT_ACTIONS })
  action!: AuditEntryAction;

  /** The collection written, e.g. products. */
  @Prop({ required: true })
  resource!: string;

  @Prop({ required: true })
  documentId!: string;

  @Prop({ type: [AuditEntryChangeSchema], default: [] })
  changes!: AuditEntryChange[];

  /** The main record's human name: a product's name, "#7DF4FF87" for an order, a user's name… */
  @Prop({ type: String })
  label?: string;

  /** What happened, in words: "Refunded order #7DF4FF87, $26.10: damaged in transit". */
  @Prop({ type: String })
  summary?: string;

  /** Every record the action wrote (the main one first). */
  @Prop({ type: [SchemaFactory.createForClass(AuditEntryRecordChange)], default: undefined })
  records?: AuditEntryRecordChange[];
}

export type AuditEntryDocument = HydratedDocument<AuditEntry>;
export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
AuditEntrySchema.index({ at: -1 });
AuditEntrySchema.index({ 'actor.id': 1, at: -1 });
AuditEntrySchema.index({ resource: 1, documentId: 1, at: -1 });
AuditEntrySchema.index({ action: 1, at: -1 });
AuditEntrySchema.index({ 'records.documentId': 1, at: -1 });
