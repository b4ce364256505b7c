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
    summary: 'The audit log (admins): every record an admin created, changed or deleted, newest first',
    description:
      'JSON array; total in X-Total-Count and Content-Range. One entry per record written by an admin\'s POST, PUT, PATCH or DELETE, with who, when, the route and the changed fields before and after (secrets redacted, long values cut). Sortable: at (default, newest first), id. filter keys: actor (user id), resource (collection, e.g. products), documentId, action (create, update, delete), from and to (YYYY-MM-DD or ISO date-time; a bare date as `to` takes in that whole day, UTC), id (list of ids).',
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
