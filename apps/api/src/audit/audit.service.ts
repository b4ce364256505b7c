import { Injectable, Logger } from '@nestjs/common';
import { AUDIT_ACTIONS, AuditLogRepository, type AuditEntryAction, type AuditRequest, type DocumentChange } from '@shop/database';
import type { Types } from 'mongoose';
import { badRequest, notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { tellAuditStory } from './audit-story';
import { AuditEntryDto, type AuditListQueryDto } from './dto/audit.dto';

export const AUDIT_LIST_SPEC: ListSpec = {
  sortable: ['at', '_id'],
  defaultSort: { field: 'at', order: -1 },
  filterable: { actor: 'id', resource: 'string', documentId: 'string', record: 'string', action: 'string', from: 'string', to: 'string' },
  defaultPageSize: 25,
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A filter date: ISO date or date-time. A bare date as the end of a range takes in that whole day (UTC). */
function filterDate(value: unknown, key: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('INVALID_QUERY', `filter ${key} must be a date (YYYY-MM-DD or an ISO date-time)`);
  const text = value;
  const date = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()))
    throw badRequest('INVALID_QUERY', `filter ${key} must be a date (YYYY-MM-DD or an ISO date-time)`);
  return key === 'to' && DATE_ONLY.test(text) ? new Date(date.getTime() + DAY_MS - 1) : date;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(private readonly entries: AuditLogRepository) {}

  /**
   * Records one admin request as ONE entry: the document changes it made, told as a story (tellAuditStory) with
   * its main record, the records it wrote and the fields a person reads. Nothing when it changed nothing a person
   * reads. Never throws: a failed audit is logged and never fails the request.
   */
  async record(request: AuditRequest, changes: DocumentChange[]): Promise<void> {
    try {
      const story = tellAuditStory(request, changes);
      if (!story) return;
      const { actor, method, route, params, requestId } = request;
      await this.entries.insert([{ at: new Date(), actor, method, route, params, requestId, ...story }]);
    } catch (error) {
      this.logger.error(`Audit entry of ${request.method} ${request.route} could not be written: ${(error as Error).message}`);
    }
  }

  async list(query: AuditListQueryDto): Promise<{ items: AuditEntryDto[]; skip: number; total: number }> {
    const { skip, limit, sort, filter } = parseListQuery(query, AUDIT_LIST_SPEC);
    const action = filter.action as string | undefined;
    if (action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(action))
      throw badRequest('INVALID_QUERY', `filter action must be one of ${AUDIT_ACTIONS.join(', ')}`);
    // record: a record's id (any record the action wrote), else its name as the log shows it ("#7DF4FF87", "Wool Beanie").
    const record = typeof filter.record === 'string' ? filter.record.trim() : undefined;
    const recordId = record && OBJECT_ID.test(record) ? record.toLowerCase() : undefined;
    const { items, total } = await this.entries.list(
      {
        actor: filter.actor as Types.ObjectId | undefined,
        resource: filter.resource as string | undefined,
        documentId: (filter.documentId as string | undefined) ?? recordId,
        label: record && !recordId ? record : undefined,
        action: action as AuditEntryAction | undefined,
        from: filterDate(filter.from, 'from'),
        to: filterDate(filter.to, 'to'),
        ids: filter._id as Types.ObjectId[] | undefined,
      },
      { skip, limit, sort },
    );
    return { items: items.map((e) => AuditEntryDto.from(e)), skip, total };
  }

  async get(id: Types.ObjectId): Promise<AuditEntryDto> {
    const entry = await this.entries.findById(id);
    if (!entry) throw notFound('AUDIT_ENTRY_NOT_FOUND', 'Audit entry not found');
    return AuditEntryDto.from(entry);
  }

  resources(): Promise<string[]> {
    return this.entries.resources();
  }
}
