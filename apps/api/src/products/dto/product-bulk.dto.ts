import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsMongoId, IsString, ValidateIf } from 'class-validator';
import { PRODUCT_STATUSES, type ProductStatus } from '@shop/database';

/** What PATCH /api/products/bulk does to every product it names. */
export const BULK_PRODUCT_ACTIONS = ['publish', 'unpublish', 'setCategory', 'delete'] as const;
export type BulkProductAction = (typeof BULK_PRODUCT_ACTIONS)[number];
/** At most this many products per bulk call (a console page holds up to 100). */
export const MAX_BULK_PRODUCTS = 100;

const IDS_MESSAGE = 'ids must be a list of product ids';
const ACTION_MESSAGE = `action must be one of ${BULK_PRODUCT_ACTIONS.join(', ')}`;

export class BulkProductsInputDto {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_BULK_PRODUCTS,
    uniqueItems: true,
    description: `The products to act on (1 to ${MAX_BULK_PRODUCTS} ids, each once)`,
    example: ['665f1c2e9d1e8a0012345678'],
  })
  @IsArray({ message: IDS_MESSAGE })
  @ArrayNotEmpty({ message: 'ids must name at least one product' })
  @ArrayMaxSize(MAX_BULK_PRODUCTS, { message: `At most ${MAX_BULK_PRODUCTS} products at a time` })
  @ArrayUnique({ message: 'ids must not repeat' })
  @IsMongoId({ each: true, message: IDS_MESSAGE })
  ids!: string[];

  @ApiProperty({
    enum: BULK_PRODUCT_ACTIONS,
    description:
      "`publish` (status published; a pending product's distributor is mailed as on approve), `unpublish` (status draft), `setCategory` (with `category`), `delete`",
  })
  @IsString({ message: ACTION_MESSAGE })
  @IsIn(BULK_PRODUCT_ACTIONS, { message: ACTION_MESSAGE })
  action!: BulkProductAction;

  @ApiPropertyOptional({
    description: 'The new category id: required with setCategory, refused with the other actions',
    example: '665f1c2e9d1e8a0012345678',
  })
  @ValidateIf((o: BulkProductsInputDto) => o.action === 'setCategory' || o.category !== undefined)
  @IsMongoId({ message: 'category must be a category id' })
  category?: string;
}

/** One product's outcome: ok, or why not (the others are still done). */
export class BulkProductResultDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ description: 'Whether the action was done to this product' })
  ok!: boolean;

  @ApiProperty({ type: String, nullable: true, enum: [...PRODUCT_STATUSES], description: 'Its status afterwards (null when deleted or not found)' })
  status!: ProductStatus | null;

  @ApiProperty({ type: String, nullable: true, enum: ['PRODUCT_NOT_FOUND'], description: 'Why not (null when ok)' })
  code!: 'PRODUCT_NOT_FOUND' | null;

  @ApiProperty({ type: String, nullable: true, example: 'Product not found' })
  message!: string | null;
}

export class BulkProductsAnswerDto {
  @ApiProperty({ enum: BULK_PRODUCT_ACTIONS })
  action!: BulkProductAction;

  @ApiProperty({ description: 'How many products the action was done to' })
  succeeded!: number;

  @ApiProperty({ description: 'How many it was not (see their results)' })
  failed!: number;

  @ApiProperty({ type: [BulkProductResultDto], description: 'One per id, in the order given' })
  results!: BulkProductResultDto[];
}
