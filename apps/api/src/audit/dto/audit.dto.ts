import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { AUDIT_ACTIONS, isInternalField, type AuditEntryAction, type AuditEntryRecord, type AuditValue } from '@shop/database';
import { ListQueryDto } from '../../common/list-query';

/**
 * GET /api/audit (admins): the list conventions of ListQueryDto, nothing else. Sortable: at (default, newest
 * first), id. filter keys: actor (user id), resource (collection), documentId (any record the action wrote),
 * record (a record's id, or its name as the log shows it: "#7DF4FF87", "Wool Beanie"), action (AUDIT_ACTIONS),
 * from and to (ISO date or date-time; a bare date as `to` takes in that whole day, UTC), id (list of ids).
 */
export class AuditListQueryDto extends ListQueryDto {}

const VERBS: Record<AuditEntryAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  refund: 'Refunded',
  cancel: 'Cancelled',
  pay: 'Marked paid',
  note: 'Added a note to',
  approve: 'Approved',
  reject: 'Rejected',
  roles: 'Changed the roles of',
  import: 'Imported',
  retry: 'Retried',
};

/** The changes as shown: internal fields and secrets left out (entries written before the log hid them too). */
function shownChanges(changes: { field: string; before?: AuditValue; after?: AuditValue }[]): AuditChangeDto[] {
  return changes
    .filter((c) => !isInternalField(c.field))
    .map((c) => {
      const change: AuditChangeDto = { field: c.field };
      if (c.before !== undefined) change.before = c.before;
      if (c.after !== undefined) change.after = c.after;
      return change;
    });
}

/** Any JSON value (secrets show as "[redacted]", long values are cut and end with "… (truncated, N characters)"). */
function anyValue(description: string): ApiPropertyOptions {
  return {
    // null is the object branch's (OpenAPI 3.0 allows `nullable` only beside a `type`), so any value matches one branch.
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'object', additionalProperties: true, nullable: true },
      { type: 'array', items: {} },
    ],
    description,
  };
}

export class AuditActorDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: "The admin's user id" })
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

/** One record an action wrote, with the fields a person reads. */
export class AuditRecordDto {
  @ApiProperty({ enum: ['create', 'update', 'delete'] })
  action!: 'create' | 'update' | 'delete';

  @ApiProperty({ example: 'products' })
  resource!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  documentId!: string;

  @ApiProperty({ nullable: true, type: String, example: 'Wool Beanie', description: 'The record\'s human name ("#7DF4FF87" for an order)' })
  label!: string | null;

  @ApiProperty({ type: [AuditChangeDto] })
  changes!: AuditChangeDto[];
}

/**
 * One admin action (one request): who, when, what in words, its main record by id and human name, the fields a
 * person reads before and after, and every record it wrote. Internal fields are never shown (isInternalField).
 */
export class AuditEntryDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the change was made' })
  at!: string;

  @ApiProperty({ type: AuditActorDto })
  actor!: AuditActorDto;

  @ApiProperty({ example: 'PUT', description: "HTTP method of the admin's request" })
  method!: string;

  @ApiProperty({ example: '/api/category/:id', description: 'The route of the request' })
  route!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { id: '665f1c2e9d1e8a0012345678' },
    description: "The route's parameters",
  })
  params!: Record<string, string>;

  @ApiProperty({ nullable: true, type: String, description: 'X-Request-Id of the request' })
  requestId!: string | null;

  @ApiProperty({
    enum: AUDIT_ACTIONS,
    description: 'What the admin did: create, update, delete, or a named action (refund, cancel, pay, note, approve, reject, roles, import, retry)',
  })
  action!: AuditEntryAction;

  @ApiProperty({ example: 'orders', description: 'The collection of the main record (products, categories, users, orders…)' })
  resource!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: 'Id of the main record' })
  documentId!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    example: '#7DF4FF87',
    description: "The main record's human name: \"#7DF4FF87\" for an order, a product's name, a user's name…",
  })
  label!: string | null;

  @ApiProperty({ example: 'Refunded order #7DF4FF87, $26.10: damaged in transit', description: 'What happened, in words' })
  summary!: string;

  @ApiProperty({
    type: [AuditChangeDto],
    description:
      "The main record's fields a person reads, before and after (every such field for a created or deleted record); internal fields and secrets are left out",
  })
  changes!: AuditChangeDto[];

  @ApiProperty({ type: [AuditRecordDto], description: 'Every record the action wrote, the main one first' })
  records!: AuditRecordDto[];

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
      label: e.label ?? null,
      summary: e.summary ?? `${VERBS[e.action]} ${e.resource} ${e.documentId}`,
      changes: shownChanges(e.changes),
      records: (
        e.records ?? [
          {
            action: e.action === 'create' || e.action === 'delete' ? e.action : 'update',
            resource: e.resource,
            documentId: e.documentId,
            changes: e.changes,
          },
        ]
      ).map((r) => ({
        action: r.action,
        resource: r.resource,
        documentId: r.documentId,
        label: r.label ?? null,
        changes: shownChanges(r.changes),
      })),
    };
  }
}
