import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { Types } from 'mongoose';
import { CategoriesRepository, ProductsRepository, type ProductRecord } from '@shop/database';
import type { AuthUser } from '../../auth/auth-user';
import { badRequest, DomainError } from '../../common/domain-error';
import { toDollars } from '../../common/money';
import { ProductInputDto, ProductUpdateDto } from '../dto/product-input.dto';
import type { ProductExportQueryDto, ProductImportResultDto, ProductImportRowDto } from '../dto/product-csv.dto';
import { normaliseSpecifications, variantsToStored } from '../product-rules';
import { ProductsService } from '../products.service';
import { CsvSyntaxError, formatCsv, parseCsv } from './csv';

/** The export's columns, in order; the import takes any of them (id empty or absent: a new product). */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'description',
  'price',
  'compareAtPrice',
  'category',
  'brand',
  'countInStock',
  'status',
  'isSpecial',
  'image',
  'additionalImages',
  'specifications',
  'variants',
  'version',
] as const;
/** Also accepted on import: the spec's other name for countInStock. */
const IMPORT_ONLY_COLUMNS = ['quantity'] as const;
type Column = (typeof PRODUCT_CSV_COLUMNS)[number] | (typeof IMPORT_ONLY_COLUMNS)[number];

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;
export const IMPORT_TOO_LARGE_MESSAGE = 'The file is too large: at most 2 MB can be imported at once';
/** Most products one export writes. */
const MAX_EXPORT_ROWS = 10_000;
const EXPORT_PAGE = 100;

export type ImportMode = 'preview' | 'commit';

interface PlannedRow {
  result: ProductImportRowDto;
  input?: ProductInputDto | ProductUpdateDto;
  /** The product's revision the row was exported at (the version column), when it gives one. */
  version?: number;
}

/** Of several failed rules, the one that says what is wrong with the value's kind comes first ("abc" is not a number, not "too large"). */
const FIRST_RULES = ['isNotEmpty', 'isString', 'isNumber', 'isInt', 'isBoolean', 'isObject', 'isArray', 'isMongoId', 'isIn', 'matches'];

function firstMessage(constraints: Record<string, string>): string | undefined {
  const rule = FIRST_RULES.find((r) => constraints[r] !== undefined);
  return rule ? constraints[rule] : Object.values(constraints)[0];
}

function flatten(errors: ValidationError[], parent = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const message = firstMessage(error.constraints ?? {});
    if (message !== undefined) out[path] = message;
    if (error.children?.length) Object.assign(out, flatten(error.children, path));
  }
  return out;
}

/** The column an error key belongs to (variants.0.sku → variants). */
function columnOf(key: string): string {
  return key.split('.')[0];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A stored product as one CSV record: every field an update or create reads back to the same product. */
export function productToCells(p: ProductRecord): string[] {
  const additional = p.additionalImages ?? [];
  const specifications = p.specifications ?? {};
  const variants = (p.variants ?? []).map((v) => ({
    sku: v.sku,
    ...(v.size ? { size: v.size } : {}),
    ...(v.colour ? { colour: v.colour } : {}),
    ...(typeof v.priceCents === 'number' ? { price: toDollars(v.priceCents) } : {}),
    countInStock: v.countInStock,
    ...(v.image ? { image: v.image } : {}),
  }));
  return [
    p._id.toString(),
    p.name,
    p.description,
    String(toDollars(p.priceCents)),
    typeof p.compareAtPriceCents === 'number' ? String(toDollars(p.compareAtPriceCents)) : '',
    p.category?.name ?? '',
    p.brand,
    String(p.countInStock),
    p.status,
    p.isSpecial ? 'true' : 'false',
    p.image,
    additional.some((url) => url.includes('|')) ? JSON.stringify(additional) : additional.join('|'),
    Object.keys(specifications).length > 0 ? JSON.stringify(specifications) : '',
    variants.length > 0 ? JSON.stringify(variants) : '',
    String(p.revision ?? 0),
  ];
}

/** The columns that carry stock: in `stock=set` mode a difference in them is no conflict. */
const STOCK_COLUMNS: ReadonlySet<Column> = new Set(['countInStock', 'quantity', 'variants']);
const NUMBER_COLUMNS: ReadonlySet<Column> = new Set(['price', 'compareAtPrice', 'countInStock', 'quantity']);

/** A JSON cell in a form where key order and spacing don't matter. */
function canonicalJson(text: string): string {
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, sort(v)]),
          )
        : value;
  try {
    return JSON.stringify(sort(JSON.parse(text)));
  } catch {
    return text;
  }
}

/** Whether a file's cell says the same as the shop's (as the export writes it), column by column. */
export function sameCell(column: Column, current: string, imported: string): boolean {
  const a = current.trim();
  const b = imported.trim();
  if (a === b) return true;
  if (NUMBER_COLUMNS.has(column)) return a !== '' && b !== '' && Number(a) === Number(b);
  if (column === 'category' || column === 'isSpecial' || column === 'status') return a.toLowerCase() === b.toLowerCase();
  if (column === 'additionalImages')
    return (
      canonicalJson(a.startsWith('[') ? a : JSON.stringify(a ? a.split('|').map((u) => u.trim()) : [])) ===
      canonicalJson(b.startsWith('[') ? b : JSON.stringify(b ? b.split('|').map((u) => u.trim()) : []))
    );
  if (column === 'specifications' || column === 'variants')
    return canonicalJson(a || (column === 'variants' ? '[]' : '{}')) === canonicalJson(b || (column === 'variants' ? '[]' : '{}'));
  return false;
}

/** How an import treats stock and the rows that changed since their export (see ProductImportQueryDto). */
export interface ImportOptions {
  overwrite: ReadonlySet<string> | 'all';
  stock: 'adjust' | 'set';
}
export const DEFAULT_IMPORT_OPTIONS: ImportOptions = { overwrite: new Set(), stock: 'adjust' };

@Injectable()
export class ProductCsvService {
  constructor(
    private readonly service: ProductsService,
    private readonly products: ProductsRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  /** Every product matching the admin list's search, filters and sort, as CSV. */
  async exportCsv(query: ProductExportQueryDto, user: AuthUser): Promise<string> {
    const ids: Types.ObjectId[] = [];
    for (let page = 1; ids.length < MAX_EXPORT_ROWS; page++) {
      const { items, total } = await this.service.list({ ...query, page: String(page), perPage: String(EXPORT_PAGE) }, user);
      ids.push(...items.map((p) => new Types.ObjectId(p.id)));
      if (items.length < EXPORT_PAGE || ids.length >= total) break;
    }
    const records = await this.records(ids);
    const rows = ids.map((id) => records.get(id.toString())).filter((p): p is ProductRecord => p !== undefined);
    return formatCsv([[...PRODUCT_CSV_COLUMNS], ...rows.map(productToCells)]);
  }

  private async records(ids: Types.ObjectId[]): Promise<Map<string, ProductRecord>> {
    const out = new Map<string, ProductRecord>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      for (const p of await this.products.find({ ids: chunk }, { field: '_id', order: 1 }, 0, chunk.length)) out.set(p._id.toString(), p);
    }
    return out;
  }

  /** Reads, validates and (mode commit) writes a CSV of products. */
  async importCsv(
    file: Buffer,
    mode: ImportMode,
    skipInvalid: boolean,
    user: AuthUser,
    options: ImportOptions = DEFAULT_IMPORT_OPTIONS,
  ): Promise<{ status: 200 | 422; body: ProductImportResultDto }> {
    const { header, records } = this.read(file);
    const plan = await this.plan(header, records, options);
    const valid = plan.filter((r) => r.result.valid).length;
    const invalid = plan.length - valid;
    const held = plan.filter((r) => r.result.valid && r.result.conflicts.length > 0 && !r.result.overwrite).length;
    const base = { mode, total: plan.length, valid, invalid, created: 0, updated: 0, conflicted: held };
    if (mode === 'preview') {
      const ready = valid - held;
      const parts = [
        ...(invalid > 0 ? [`${plural(invalid, 'row')} with errors`] : []),
        ...(held > 0 ? [`${plural(held, 'row')} changed since the export (not written unless you overwrite them)`] : []),
        `${plural(ready, 'row')} ready to import`,
      ];
      return { status: 200, body: { ...base, committed: false, message: parts.join(', '), rows: plan.map((r) => r.result) } };
    }
    if (invalid > 0 && !skipInvalid) {
      return {
        status: 422,
        body: {
          ...base,
          committed: false,
          code: 'IMPORT_INVALID_ROWS',
          message: `${plural(invalid, 'row')} with errors: nothing was imported`,
          rows: plan.map((r) => r.result),
        },
      };
    }
    let created = 0;
    let updated = 0;
    let conflicted = 0;
    for (const row of plan) {
      if (!row.result.valid || !row.input) continue;
      if (row.result.conflicts.length > 0 && !row.result.overwrite) {
        conflicted += 1;
        continue;
      }
      try {
        if (row.result.action === 'create') {
          const product = await this.service.create(user, row.input as ProductInputDto, { additionalImages: [] });
          row.result.id = product.id;
          created += 1;
        } else {
          // As exported (no conflict) and stock adjusted: only while the product is still at that version.
          const guarded = row.result.conflicts.length === 0 && options.stock === 'adjust' && row.version !== undefined;
          const done = await this.service.update(
            user,
            row.result.id as string,
            row.input,
            { additionalImages: [] },
            guarded ? { revision: row.version } : {},
          );
          if (done === 'conflict') {
            row.result.conflicts = [{ column: 'version', current: 'changed during the import', imported: String(row.version) }];
            conflicted += 1;
            continue;
          }
          updated += 1;
        }
        row.result.written = true;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        row.result.valid = false;
        row.result.errors = { ...(error.errors ?? { row: error.message }) };
      }
    }
    const failed = plan.filter((r) => !r.result.valid).length;
    const skipped = failed > 0 ? `, ${plural(failed, 'invalid row')} skipped` : '';
    const kept = conflicted > 0 ? `, ${plural(conflicted, 'row')} changed since the export not written` : '';
    return {
      status: 200,
      body: {
        ...base,
        valid: plan.length - failed,
        invalid: failed,
        created,
        updated,
        conflicted,
        committed: created + updated > 0,
        message: `Imported ${plural(created + updated, 'product')} (${created} created, ${updated} updated)${skipped}${kept}`,
        rows: plan.map((r) => r.result),
      },
    };
  }

  private read(file: Buffer): { header: Column[]; records: { line: number; cells: string[] }[] } {
    if (file.length > MAX_IMPORT_BYTES) throw new DomainError(413, 'IMPORT_TOO_LARGE', IMPORT_TOO_LARGE_MESSAGE);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file);
    } catch {
      throw badRequest('IMPORT_MALFORMED_CSV', 'The file is not UTF-8 text: save it as CSV UTF-8');
    }
    let parsed: ReturnType<typeof parseCsv>;
    try {
      parsed = parseCsv(text);
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw badRequest('IMPORT_MALFORMED_CSV', `The file is not valid CSV: ${error.message}`);
      throw error;
    }
    const [first, ...records] = parsed;
    if (!first) throw badRequest('IMPORT_MALFORMED_CSV', 'The file is empty: it needs a header row and one row per product');
    const known = new Map<string, Column>([...PRODUCT_CSV_COLUMNS, ...IMPORT_ONLY_COLUMNS].map((c) => [c.toLowerCase(), c]));
    const header: Column[] = [];
    for (const raw of first.cells) {
      const column = known.get(raw.trim().toLowerCase());
      if (!column)
        throw badRequest('IMPORT_MALFORMED_CSV', `Unknown column "${raw.trim()}" in the header (known: ${PRODUCT_CSV_COLUMNS.join(', ')})`);
      if (header.includes(column)) throw badRequest('IMPORT_MALFORMED_CSV', `The column "${column}" appears twice in the header`);
      header.push(column);
    }
    if (records.length === 0) throw badRequest('IMPORT_MALFORMED_CSV', 'The file has no product rows under its header');
    if (records.length > MAX_IMPORT_ROWS)
      throw new DomainError(413, 'IMPORT_TOO_LARGE', `At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows can be imported at once`);
    return { header, records };
  }

  private async plan(header: Column[], records: { line: number; cells: string[] }[], options: ImportOptions): Promise<PlannedRow[]> {
    const idColumn = header.indexOf('id');
    const wantedIds = records
      .map((r) => (idColumn >= 0 ? (r.cells[idColumn] ?? '').trim() : ''))
      .filter((id) => Types.ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id));
    const existing = await this.records([...new Set(wantedIds)].map((id) => new Types.ObjectId(id)));
    const categories = new Map((await this.categories.findAll()).map((c) => [c.name.trim().toLowerCase(), c._id.toString()]));
    const seen = new Map<string, number>();
    const out: PlannedRow[] = [];
    for (const record of records) {
      const planned = await this.planRow(header, record, existing, categories, seen);
      const current = planned.result.id ? existing.get(planned.result.id.toLowerCase()) : undefined;
      if (planned.result.valid && current) this.checkConflicts(planned, header, record.cells, current, options);
      out.push(planned);
    }
    return out;
  }

  /**
   * A row whose product changed since its export (its version is not the product's revision now), or which has no
   * version and changes stock, is a conflict: the columns where the shop and the file differ. In `stock=set` mode
   * a difference in stock alone is none. A conflict is written only when the owner overwrites it.
   */
  private checkConflicts(planned: PlannedRow, header: Column[], cells: string[], current: ProductRecord, options: ImportOptions): void {
    const now = productToCells(current);
    const differences = header
      .map((column, i) => ({ column, imported: cells[i] ?? '' }))
      .filter(({ column }) => column !== 'id' && column !== 'version')
      .map(({ column, imported }) => ({
        column,
        imported,
        current: now[PRODUCT_CSV_COLUMNS.indexOf(column === 'quantity' ? 'countInStock' : column)] ?? '',
      }))
      .filter(
        ({ column, current: value, imported }) =>
          !(column === 'variants' && imported.trim() === '' && value === '') && !sameCell(column, value, imported),
      );
    const stockChanged = differences.some((d) => STOCK_COLUMNS.has(d.column));
    const revision = current.revision ?? 0;
    const stale = planned.version !== undefined ? planned.version !== revision : options.stock === 'adjust' && stockChanged;
    const blocking = options.stock === 'set' ? differences.filter((d) => !STOCK_COLUMNS.has(d.column)) : differences;
    if (!stale || blocking.length === 0) return;
    planned.result.conflicts = differences.map(({ column, current: value, imported }) => ({ column, current: value, imported: imported.trim() }));
    planned.result.overwrite = options.overwrite === 'all' || options.overwrite.has(current._id.toString());
  }

  private async planRow(
    header: Column[],
    record: { line: number; cells: string[] },
    existing: Map<string, ProductRecord>,
    categories: Map<string, string>,
    seen: Map<string, number>,
  ): Promise<PlannedRow> {
    const cell = (column: Column): string | undefined => {
      const i = header.indexOf(column);
      return i >= 0 ? (record.cells[i] ?? '') : undefined;
    };
    const errors: Record<string, string> = {};
    const id = (cell('id') ?? '').trim();
    const current = id ? existing.get(id.toLowerCase()) : undefined;
    const result: ProductImportRowDto = {
      row: record.line,
      action: id ? 'update' : 'create',
      id: id || null,
      name: (cell('name') ?? current?.name ?? '').trim() || null,
      valid: false,
      written: false,
      errors,
      conflicts: [],
      overwrite: false,
    };
    let version: number | undefined;
    if (record.cells.length !== header.length) {
      errors.row = `This row has ${plural(record.cells.length, 'cell')}, the header has ${header.length}`;
      return { result };
    }
    if (id && !/^[0-9a-f]{24}$/i.test(id)) errors.id = 'id must be the id of an existing product (leave it empty to create one)';
    else if (id && !current) errors.id = 'No product has this id (leave it empty to create one)';
    if (id) {
      const first = seen.get(id.toLowerCase());
      if (first !== undefined) errors.id = `This product is already on line ${first}`;
      else seen.set(id.toLowerCase(), record.line);
    }

    const plain: Record<string, unknown> = {};
    for (const column of header) {
      const value = cell(column) as string;
      const blank = value.trim() === '';
      switch (column) {
        case 'id':
          break;
        case 'version':
          if (!blank && !/^\d{1,9}$/.test(value.trim())) errors.version = 'version must be the number the export wrote (leave it as exported)';
          else if (!blank) version = Number(value.trim());
          break;
        case 'category': {
          if (blank) plain.category = '';
          else {
            const categoryId = categories.get(value.trim().toLowerCase());
            if (categoryId) plain.category = categoryId;
            else errors.category = `Category "${value.trim()}" not found`;
          }
          break;
        }
        case 'countInStock':
        case 'quantity':
        case 'image':
          if (!blank) plain[column] = value.trim();
          break;
        case 'status':
          if (!blank && value.trim() !== current?.status) plain.status = value.trim();
          break;
        case 'isSpecial':
          if (!blank) plain.isSpecial = value.trim().toLowerCase();
          break;
        case 'additionalImages':
          plain.additionalImages = blank ? [] : value.trim().startsWith('[') ? value : value.split('|').map((url) => url.trim());
          break;
        case 'specifications':
          plain.specifications = blank ? {} : value;
          break;
        case 'variants':
          plain.variants = blank ? [] : value;
          break;
        default:
          plain[column] = value;
      }
    }

    const input = plainToInstance(current ? ProductUpdateDto : ProductInputDto, plain);
    const dtoErrors = flatten(await validate(input, { whitelist: true, forbidNonWhitelisted: true }));
    for (const [key, message] of Object.entries(dtoErrors)) if (!errors[columnOf(key)]) errors[key] = message;
    if (!dtoErrors.specifications && input.specifications !== undefined) {
      try {
        normaliseSpecifications(input.specifications);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        errors.specifications = error.message;
      }
    }
    const variantsValid = !Object.keys(dtoErrors).some((k) => columnOf(k) === 'variants');
    if (variantsValid && input.variants !== undefined) {
      try {
        variantsToStored(input.variants);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        errors.variants = error.message;
      }
    }
    if (!current && !input.image && !errors.image) errors.image = 'An image URL is required';
    const variants = variantsValid ? (input.variants ?? current?.variants ?? []) : [];
    if (variants.length > 0) {
      const sum = variants.reduce((total, v) => total + (typeof v.countInStock === 'number' ? v.countInStock : 0), 0);
      for (const field of ['countInStock', 'quantity'] as const) {
        const given = input[field];
        if (typeof given === 'number' && given !== sum && !errors[field]) {
          errors[field] = `With variants, the stock is their sum (${sum}): change the variants' countInStock instead`;
        }
      }
    }
    result.valid = Object.keys(errors).length === 0;
    return { result, input: result.valid ? input : undefined, ...(version !== undefined && current ? { version } : {}) };
  }
}
