import { Injectable } from '@nestjs/common';
import { AuditLogRepository, type AuditAction } from '@shop/database';
import type { Types } from 'mongoose';
import { badRequest, notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { AuditEntryDto, type AuditListQueryDto } from './dto/audit.dto';

export const AUDIT_LIST_SPEC: ListSpec = {
  sortable: ['at', '_id'],
  defaultSort: { field: 'at', order: -1 },
  filterable: { actor: 'id', resource: 'string', documentId: 'string', action: 'string', from: 'string', to: 'string' },
  defaultPageSize: 25,
};

const ACTIONS: readonly AuditAction[] = ['create', 'update', 'delete'];
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A filter date: ISO date or date-time. A bare date as the end of a range takes in that whole day (UTC). */
function filterDate(value: unknown, key: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const date = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime())) throw badRequest('INVALID_QUERY', `filter ${key} must be a date (YYYY-MM-DD or an ISO date-time)`);
  return key === 'to' && DATE_ONLY.test(text) ? new Date(date.getTime() + DAY_MS - 1) : date;
}

@Injectable()
export class AuditService {
  constructor(private readonly entries: AuditLogRepository) {}

  async list(query: AuditListQueryDto): Promise<{ items: AuditEntryDto[]; skip: number; total: number }> {
    const { skip, limit, sort, filter } = parseListQuery(query, AUDIT_LIST_SPEC);
    const action = filter.action as string | undefined;
    if (action !== undefined && !ACTIONS.includes(action as AuditAction)) throw badRequest('INVALID_QUERY', 'filter action must be create, update or delete');
    const { items, total } = await this.entries.list(
      {
        actor: filter.actor as Types.ObjectId | undefined,
        resource: filter.resource as string | undefined,
        documentId: filter.documentId as string | undefined,
        action: action as AuditAction | undefined,
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
