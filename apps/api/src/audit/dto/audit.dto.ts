import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import type { AuditEntryRecord, AuditValue } from '@shop/database';
import { ListQueryDto } from '../../common/list-query';

/**
 * GET /api/audit (admins): the list conventions of ListQueryDto, nothing else. Sortable: at (default, newest
 * first), id. filter keys: actor (user id), resource (collection), documentId, action (create, update, delete),
 * from and to (ISO date or date-time; a bare date as `to` takes in that whole day, UTC), id (list of ids).
 */
export class AuditListQueryDto extends ListQueryDto {}

/** Any JSON value (secrets show as "[redacted]", long values are cut and end with "… (truncated, N characters)"). */
function anyValue(description: string): ApiPropertyOptions {
  return {
    // null is the object branch's (OpenAPI 3.0 allows `nullable` only beside a `type`), so any value matches one branch.
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object', additionalProperties: true, nullable: true }, { type: 'array', items: {} }],
    description,
  };
}

export class AuditActorDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: 'The admin\'s user id' })
  id!: string;

  @ApiProperty({ example: 'Ann Admin', description: 'Their user name when they made the change' })
  name!: string;

  @ApiProperty({ example: 'ann@example.com' })
  email!: string;
}

export class AuditChangeDto {
  @ApiProperty({ example: 'name', description: 'Dotted path of the field' })
  field!: string;

  @ApiPropertyOptional(anyValue('The value before; absent when the field was not there (a created record)'))
  before?: AuditValue;

  @ApiPropertyOptional(anyValue('The value after; absent when the field is gone (a deleted record)'))
  after?: AuditValue;
}

/** One document created, changed or deleted by an admin, with the fields that changed. */
export class AuditEntryDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the change was made' })
  at!: string;

  @ApiProperty({ type: AuditActorDto })
  actor!: AuditActorDto;

  @ApiProperty({ example: 'PUT', description: 'HTTP method of the admin\'s request' })
  method!: string;

  @ApiProperty({ example: '/api/category/:id', description: 'The route of the request' })
  route!: string;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { id: '665f1c2e9d1e8a0012345678' }, description: 'The route\'s parameters' })
  params!: Record<string, string>;

  @ApiProperty({ nullable: true, type: String, description: 'X-Request-Id of the request' })
  requestId!: string | null;

  @ApiProperty({ enum: ['create', 'update', 'delete'] })
  action!: 'create' | 'update' | 'delete';

  @ApiProperty({ example: 'categories', description: 'The collection written (products, categories, users, orders…)' })
  resource!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: 'Id of the record created, changed or deleted' })
  documentId!: string;

  @ApiProperty({ type: [AuditChangeDto], description: 'The fields that changed (every field for a created or deleted record); secrets are redacted' })
  changes!: AuditChangeDto[];

  static from(e: AuditEntryRecord): AuditEntryDto {
    const id = e._id.toString();
    return {
      _id: id,
      id,
      at: e.at.toISOString(),
      actor: { id: e.actor.id.toString(), name: e.actor.name, email: e.actor.email },
      method: e.method,
      route: e.route,
      params: e.params ?? {},
      requestId: e.requestId ?? null,
      action: e.action,
      resource: e.resource,
      documentId: e.documentId,
      changes: e.changes.map((c) => {
        const change: AuditChangeDto = { field: c.field };
        if (c.before !== undefined) change.before = c.before;
        if (c.after !== undefined) change.after = c.after;
        return change;
      }),
    };
  }
}
