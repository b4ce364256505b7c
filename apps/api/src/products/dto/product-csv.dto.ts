import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { ProductListQueryDto } from './product-query.dto';

/** GET /api/products/export.csv: the admin product list's search, category, filter and sort (no paging: every match). */
export class ProductExportQueryDto extends PickType(ProductListQueryDto, ['search', 'category', 'sort', 'order', 'filter'] as const) {}

export class ProductImportQueryDto {
  @ApiPropertyOptional({
    enum: ['preview', 'commit'],
    default: 'preview',
    description: '`preview` validates every row and writes nothing; `commit` writes',
  })
  @IsOptional()
  @IsIn(['preview', 'commit'], { message: 'mode must be preview or commit' })
  mode?: 'preview' | 'commit';

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    default: 'false',
    description: 'commit: write the valid rows and report the invalid ones (default: any invalid row means nothing is written)',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'skipInvalid must be true or false' })
  skipInvalid?: 'true' | 'false';

  @ApiPropertyOptional({
    example: '665f1c2e9d1e8a0012345678,665f1c2e9d1e8a0012345679',
    description:
      "commit: the products (ids, comma-separated, or `all`) whose rows changed since their export and are to be written anyway, with the file's values. Other such rows are not written",
  })
  @IsOptional()
  @Matches(/^(all|[0-9a-fA-F]{24}(,[0-9a-fA-F]{24}){0,999})$/, { message: 'overwrite must be all or a comma-separated list of product ids' })
  overwrite?: string;

  @ApiPropertyOptional({
    enum: ['adjust', 'set'],
    default: 'adjust',
    description:
      "`adjust` (default): a row changes stock only when its product is as exported (the version column), by the difference from the exported stock; a row whose stock changed since (a sale) is a conflict. `set`: stock is set to the file's values whatever happened since",
  })
  @IsOptional()
  @IsIn(['adjust', 'set'], { message: 'stock must be adjust or set' })
  stock?: 'adjust' | 'set';
}

/** One column of a row whose product changed since its export: what the shop has now and what the file says. */
export class ProductImportConflictDto {
  @ApiProperty({ example: 'countInStock' })
  column!: string;

  @ApiProperty({ example: '39', description: 'The value in the shop now, as the export writes it' })
  current!: string;

  @ApiProperty({ example: '40', description: 'The value in the file' })
  imported!: string;
}

/** Swagger shape of the multipart upload. */
export class ProductImportFileDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'A UTF-8 CSV file (at most 2 MB and 5,000 rows), as GET /api/products/export.csv writes it',
  })
  file!: string;
}

export class ProductImportRowDto {
  @ApiProperty({ description: 'Line of the CSV file where the row starts (the header is line 1)', example: 2 })
  row!: number;

  @ApiProperty({ enum: ['create', 'update'], description: 'update when the id column names an existing product, else create' })
  action!: 'create' | 'update';

  @ApiProperty({ type: String, nullable: true, description: 'The product id (updates; on commit also the id of a created product)' })
  id!: string | null;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ description: 'No errors: the row can be written' })
  valid!: boolean;

  @ApiProperty({ description: 'This row was written (commit only)' })
  written!: boolean;

  @ApiProperty({
    type: [ProductImportConflictDto],
    description:
      'The product changed since this row was exported (its version differs, or the file has no version and changes stock): the columns where the shop and the file differ. Written only when overwrite names the product',
  })
  conflicts!: ProductImportConflictDto[];

  @ApiProperty({ description: "The row has conflicts and overwrite names its product: the file's values are written" })
  overwrite!: boolean;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Messages keyed by column',
    example: { price: 'Price must be positive' },
  })
  errors!: Record<string, string>;
}

export class ProductImportResultDto {
  @ApiProperty({ enum: ['preview', 'commit'] })
  mode!: 'preview' | 'commit';

  @ApiProperty({ description: 'Something was written (commit with every row valid, or with skipInvalid)' })
  committed!: boolean;

  @ApiProperty({ example: 'Imported 3 products (1 created, 2 updated)' })
  message!: string;

  @ApiPropertyOptional({ enum: ['IMPORT_INVALID_ROWS'], description: 'On 422: invalid rows, nothing written' })
  code?: 'IMPORT_INVALID_ROWS';

  @ApiProperty({ description: 'Data rows in the file' })
  total!: number;

  @ApiProperty()
  valid!: number;

  @ApiProperty()
  invalid!: number;

  @ApiProperty({ description: 'Products created (commit)' })
  created!: number;

  @ApiProperty({ description: 'Products updated (commit)' })
  updated!: number;

  @ApiProperty({ description: 'Rows whose product changed since the export and are not overwritten (not written)' })
  conflicted!: number;

  @ApiProperty({ type: [ProductImportRowDto] })
  rows!: ProductImportRowDto[];
}
