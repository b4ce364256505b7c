import { BadRequestException, Query, type PipeTransform } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Types } from 'mongoose';
import { ApiErrors } from './api-errors';
import { badRequest } from './domain-error';

const ONCE = { message: '$property must be given once, as text' };

/**
 * The query of every list: page/perPage, or react-admin's range=[0,24], sort=["field","ASC"] and filter={...}
 * (ra-data-simple-rest). A resource's list DTO extends it with its own parameters; with the global validation
 * pipe (whitelist, forbidNonWhitelisted) any other parameter answers 400. Values stay text here: parseListQuery
 * reads them against the resource's ListSpec (sortable and filterable fields) and answers 400 INVALID_QUERY.
 */
export class ListQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 1_000_000, description: 'Page number, from 1 (with perPage)' })
  @IsOptional()
  @IsString(ONCE)
  page?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, description: 'Items per page (the resource sets the default and the maximum)' })
  @IsOptional()
  @IsString(ONCE)
  perPage?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, deprecated: true, description: 'Old name of perPage' })
  @IsOptional()
  @IsString(ONCE)
  pageSize?: string;

  @ApiPropertyOptional({ description: 'react-admin: `[start, end]`, both included (instead of page and perPage)', example: '[0,24]' })
  @IsOptional()
  @IsString(ONCE)
  range?: string;

  @ApiPropertyOptional({
    description: '`field`, `-field` (descending) or react-admin\'s `["field","ASC"|"DESC"]`; the resource lists its sortable fields',
    example: '["createdAt","DESC"]',
  })
  @IsOptional()
  @IsString(ONCE)
  sort?: string;

  @ApiPropertyOptional({ enum: ['ASC', 'DESC'], description: 'Direction for a plain `sort=field` (default ASC)' })
  @IsOptional()
  @IsIn(['ASC', 'DESC', 'asc', 'desc'], { message: 'order must be ASC or DESC' })
  order?: string;

  @ApiPropertyOptional({
    description: "react-admin: a JSON object of the resource's filterable fields (`q` is the free-text search)",
    example: '{"q":"linen"}',
  })
  @IsOptional()
  @IsString(ONCE)
  filter?: string;
}

/** How a filter value is typed; anything else (objects, operators) is refused with 400. */
export type FilterKind = 'string' | 'id' | 'boolean' | 'number' | 'ids';
export type FilterValue = string | number | boolean | Types.ObjectId | Types.ObjectId[];

export interface ListSpec {
  /** Fields a client may sort by; the first entry of defaultSort is used when none is given. */
  sortable: readonly string[];
  defaultSort: { field: string; order: 1 | -1 };
  /** Fields a client may filter by (react-admin's filter={...}), with their types. 'q' is the free-text search. */
  filterable?: Readonly<Record<string, FilterKind>>;
  defaultPageSize?: number;
  maxPageSize?: number;
}

export interface ListQuery {
  skip: number;
  limit: number;
  sort: { field: string; order: 1 | -1 };
  filter: Record<string, FilterValue>;
}

function parseJson(text: string, key: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('INVALID_QUERY', `${key} must be valid JSON`);
  }
}

function wholeNumber(text: string, key: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(text)) throw badRequest('INVALID_QUERY', `${key} must be a whole number`);
  const n = Number(text);
  if (n < min || n > max) throw badRequest('INVALID_QUERY', `${key} must be from ${min} to ${max}`);
  return n;
}

function toId(value: unknown, key: string): Types.ObjectId {
  if (typeof value !== 'string' || !/^[0-9a-f]{24}$/i.test(value)) throw badRequest('INVALID_QUERY', `filter ${key} must be an id`);
  return new Types.ObjectId(value);
}

function filterValue(kind: FilterKind, value: unknown, key: string): FilterValue {
  switch (kind) {
    case 'string':
      if (typeof value !== 'string' || value.length > 200) throw badRequest('INVALID_QUERY', `filter ${key} must be text`);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest('INVALID_QUERY', `filter ${key} must be a number`);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw badRequest('INVALID_QUERY', `filter ${key} must be true or false`);
      return value;
    case 'id':
      return toId(value, key);
    case 'ids': {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > 200) throw badRequest('INVALID_QUERY', `filter ${key} has too many ids`);
      return list.map((v) => toId(v, key));
    }
  }
}

/**
 * The list conventions of the API: page/pageSize, or react-admin's range=[0,24], sort=["field","ASC"]
 * and filter={...}. Only declared fields with values of the declared type get through: operator objects,
 * unknown fields and repeated keys answer 400 and never reach a query.
 */
/** A react-admin range: [start, end], whole numbers, start ≤ end. */
function isRange(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => Number.isInteger(n) && (n as number) >= 0) &&
    (value[1] as number) >= (value[0] as number)
  );
}

export function parseListQuery(query: ListQueryDto, spec: ListSpec): ListQuery {
  const defaultPageSize = spec.defaultPageSize ?? 24;
  const maxPageSize = spec.maxPageSize ?? 100;
  let skip = 0;
  let limit = defaultPageSize;

  const range = query.range;
  if (range !== undefined) {
    const parsed: unknown = parseJson(range, 'range');
    if (!isRange(parsed)) {
      throw badRequest('INVALID_QUERY', 'range must be [start, end] with whole numbers');
    }
    skip = parsed[0];
    limit = Math.min(parsed[1] - parsed[0] + 1, maxPageSize);
  } else {
    const perPage = query.perPage ?? query.pageSize;
    if (perPage !== undefined) limit = wholeNumber(perPage, query.perPage !== undefined ? 'perPage' : 'pageSize', 1, maxPageSize);
    const page = query.page;
    if (page !== undefined) skip = (wholeNumber(page, 'page', 1, 1_000_000) - 1) * limit;
  }

  let sort = spec.defaultSort;
  const sortText = query.sort;
  if (sortText !== undefined) {
    const direction = sortText.startsWith('-') ? 'DESC' : (query.order ?? 'ASC');
    const parsed = sortText.startsWith('[') ? parseJson(sortText, 'sort') : [sortText.replace(/^-/, ''), direction];
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 2 ||
      typeof parsed[0] !== 'string' ||
      !['ASC', 'DESC'].includes(String(parsed[1]).toUpperCase())
    ) {
      throw badRequest('INVALID_QUERY', 'sort must be ["field","ASC"|"DESC"]');
    }
    const field = parsed[0] === 'id' ? '_id' : parsed[0];
    if (!spec.sortable.includes(field)) throw badRequest('INVALID_QUERY', `cannot sort by ${parsed[0]}`);
    sort = { field, order: String(parsed[1]).toUpperCase() === 'ASC' ? 1 : -1 };
  }

  const filter: Record<string, FilterValue> = {};
  const filterText = query.filter;
  if (filterText !== undefined) {
    const parsed = parseJson(filterText, 'filter');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('INVALID_QUERY', 'filter must be a JSON object');
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const kind = key === 'id' ? 'ids' : spec.filterable?.[key];
      if (!kind) throw badRequest('INVALID_QUERY', `cannot filter by ${key}`);
      filter[key === 'id' ? '_id' : key] = filterValue(kind, value, key);
    }
  }
  return { skip, limit, sort, filter };
}

/** X-Total-Count and Content-Range (`<resource> 0-23/120`), both exposed to browsers by CORS. */
export function setListHeaders(res: FastifyReply, resource: string, skip: number, count: number, total: number): void {
  res.header('X-Total-Count', String(total));
  const end = count === 0 ? skip : skip + count - 1;
  res.header('Content-Range', `${resource} ${skip}-${end}/${total}`);
}

/** Escapes user text for use inside a regular expression, so every character matches literally. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Answers 400 VALIDATION_FAILED to any query parameter, as the validation pipe does for a DTO's unknown ones. */
export class NoQueryPipe implements PipeTransform<unknown, undefined> {
  transform(query: unknown): undefined {
    const names = query && typeof query === 'object' ? Object.keys(query) : [];
    if (names.length === 0) return undefined;
    const errors = Object.fromEntries(names.map((name) => [name, `property ${name} should not exist`]));
    throw new BadRequestException({ statusCode: 400, message: Object.values(errors)[0], code: 'VALIDATION_FAILED', errors });
  }
}

/**
 * For an operation that takes no query parameter at all (a short, unpaged list): any parameter answers 400,
 * so a client's typo is never silently ignored. `@NoQuery() _query: undefined`.
 */
export function NoQuery(): ParameterDecorator {
  return (target, key, index) => {
    Query(new NoQueryPipe())(target, key, index);
    const descriptor = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
    if (key !== undefined && descriptor) ApiErrors('VALIDATION_FAILED')(target, key, descriptor);
  };
}
