import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Schema as MongooseSchema, Types } from 'mongoose';
import { AUDIT_COLLECTION } from '../audit/audit-plugin';

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

/** One document created, changed or deleted by an admin's request (see auditAdminWrites). Never updated. */
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

  @Prop({ required: true, enum: ['create', 'update', 'delete'] })
  action!: 'create' | 'update' | 'delete';

  /** The collection written, e.g. products. */
  @Prop({ required: true })
  resource!: string;

  @Prop({ required: true })
  documentId!: string;

  @Prop({ type: [SchemaFactory.createForClass(AuditEntryChange)], default: [] })
  changes!: AuditEntryChange[];
}

export type AuditEntryDocument = HydratedDocument<AuditEntry>;
export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
AuditEntrySchema.index({ at: -1 });
AuditEntrySchema.index({ 'actor.id': 1, at: -1 });
AuditEntrySchema.index({ resource: 1, documentId: 1, at: -1 });
AuditEntrySchema.index({ action: 1, at: -1 });
