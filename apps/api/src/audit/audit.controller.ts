import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Types } from 'mongoose';
import { Auth } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { NoQuery, setListHeaders } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { AuditService } from './audit.service';
import { AuditEntryDto, AuditListQueryDto } from './dto/audit.dto';

/** An audit entry id in the path (24 hex digits; anything else is 404 AUDIT_ENTRY_NOT_FOUND). */
const EntryId = () => IdParam('id', 'AUDIT_ENTRY_NOT_FOUND', 'Audit entry not found');

@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Auth('admin')
  @ApiOperation({
    summary: 'The audit log (admins): one entry per admin action, newest first',
    description:
      'JSON array; total in X-Total-Count and Content-Range. One entry per admin\'s POST, PUT, PATCH or DELETE that changed something: who, when, the route, what happened in words (summary, e.g. "Refunded order #7DF4FF87, $26.10: damaged in transit"), its main record by id and human name (label), the fields a person reads before and after (internal fields and secrets left out, long values cut) and every record it wrote (records). Sortable: at (default, newest first), id. filter keys: actor (user id), resource (collection of the main record, e.g. products), documentId (any record the action wrote), record (a record\'s id, or its name as the log shows it: "#7DF4FF87", "Wool Beanie"; case-insensitive), action (create, update, delete, refund, cancel, pay, note, approve, reject, roles, import, retry), from and to (YYYY-MM-DD or ISO date-time; a bare date as `to` takes in that whole day, UTC), id (list of ids).',
  })
  @ApiOkResponse({ type: [AuditEntryDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: AuditListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<AuditEntryDto[]> {
    const page = await this.audit.list(query);
    setListHeaders(res, 'audit', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Get('resources')
  @Auth('admin')
  @ApiOperation({ summary: 'The resources (collections) that have audit entries, by name (admins): the choices of the resource filter' })
  @ApiOkResponse({ type: [String] })
  resources(@NoQuery() _query: undefined): Promise<string[]> {
    return this.audit.resources();
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One audit entry (admins)' })
  @ApiOkResponse({ type: AuditEntryDto })
  @ApiErrors('AUDIT_ENTRY_NOT_FOUND')
  get(@EntryId() id: string): Promise<AuditEntryDto> {
    return this.audit.get(new Types.ObjectId(id));
  }
}
