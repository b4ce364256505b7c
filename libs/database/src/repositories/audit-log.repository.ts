import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type QueryFilter } from 'mongoose';
import type { AuditEntryAction, AuditRecordChange, NewAuditEntry } from '../audit/audit-plugin';
import { auditTrail } from '../audit/audit-plugin';
import type { AuditValue } from '../audit/audit-diff';
import { AuditEntry } from '../schemas/audit-entry.schema';
import type { Paging } from './blogs.repository';
import { escapeRegexText } from './regex-text';

export interface AuditEntryRecord {
  _id: Types.ObjectId;
  at: Date;
  actor: { id: Types.ObjectId; name: string; email: string };
  method: string;
  route: string;
  params?: Record<string, string>;
  requestId?: string;
  action: AuditEntryAction;
  resource: string;
  documentId: string;
  changes: { field: string; before?: AuditValue; after?: AuditValue }[];
  label?: string;
  summary?: string;
  records?: AuditRecordChange[];
}

export interface AuditListFilter {
  actor?: Types.ObjectId;
  resource?: string;
  /** The record's id: the action's main record or any other record it wrote. */
  documentId?: string;
  /** A record's human name as the log shows it (a product's name, an order's number with or without "#"): case-insensitive, whole name. */
  label?: string;
  action?: AuditEntryAction;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries at or before this instant. */
  to?: Date;
  ids?: Types.ObjectId[];
}

export const AUDIT_SORTABLE = ['at', '_id'] as const;

/** The audit log: written by the audit trail (the plugin on every schema), read by admins. */
@Injectable()
export class AuditLogRepository implements OnModuleDestroy {
  private readonly writer = (entries: NewAuditEntry[]): Promise<void> => this.insert(entries);

  constructor(@InjectModel(AuditEntry.name) private readonly model: Model<AuditEntry>) {
    auditTrail.setWriter(this.writer);
  }

  onModuleDestroy(): void {
    auditTrail.removeWriter(this.writer);
  }

  async insert(entries: NewAuditEntry[]): Promise<void> {
    await this.model.collection.insertMany(
      entries.map((e) => ({ ...e, _id: new Types.ObjectId(), actor: { ...e.actor, id: new Types.ObjectId(e.actor.id) } })),
      { ordered: false },
    );
  }

  /** Deletes the entries recorded before `cutoff`, at most `limit` of them (oldest first); how many went. */
  async deleteBefore(cutoff: Date, limit: number): Promise<number> {
    const old = await this.model
      .find({ at: { $lt: cutoff } }, { _id: 1 })
      .sort({ at: 1 })
      .limit(limit)
      .lean<{ _id: Types.ObjectId }[]>()
      .exec();
    if (old.length === 0) return 0;
    const result = await this.model.deleteMany({ _id: { $in: old.map((e) => e._id) } }).exec();
    return result.deletedCount;
  }

  private toQuery(filter: AuditListFilter): QueryFilter<AuditEntry> {
    const query: QueryFilter<AuditEntry> = {};
    if (filter.actor) query['actor.id'] = filter.actor;
    if (filter.resource) query.resource = filter.resource;
    const and: QueryFilter<AuditEntry>[] = [];
    if (filter.documentId) and.push({ $or: [{ documentId: filter.documentId }, { 'records.documentId': filter.documentId }] });
    if (filter.label) {
      const name = new RegExp(`^#?${escapeRegexText(filter.label.trim().replace(/^#/, ''))}$`, 'i');
      and.push({ $or: [{ label: name }, { 'records.label': name }] });
    }
    if (and.length) query.$and = and;
    if (filter.action) query.action = filter.action;
    if (filter.ids) query._id = { $in: filter.ids };
    if (filter.from || filter.to) query.at = { ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lte: filter.to } : {}) };
    return query;
  }

  async list(filter: AuditListFilter, paging: Paging): Promise<{ items: AuditEntryRecord[]; total: number }> {
    const query = this.toQuery(filter);
    const sort: Record<string, 1 | -1> = { [paging.sort.field]: paging.sort.order };
    if (paging.sort.field !== '_id') sort._id = paging.sort.order;
    const [items, total] = await Promise.all([
      this.model.find(query).sort(sort).skip(paging.skip).limit(paging.limit).lean<AuditEntryRecord[]>().exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  findById(id: Types.ObjectId): Promise<AuditEntryRecord | null> {
    return this.model.findById(id).lean<AuditEntryRecord>().exec();
  }

  /** The collections that have entries, for the console's resource filter. */
  async resources(): Promise<string[]> {
    const names = (await this.model.distinct('resource').exec()) as unknown[];
    return names.filter((n): n is string => typeof n === 'string').sort();
  }
}
