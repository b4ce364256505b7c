import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MANUAL_STOCK_REASONS,
  orderNumberOf,
  STOCK_REASONS,
  type ManualStockReason,
  type StockMovementRecord,
  type StockReason,
} from '@shop/database';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, NotEquals, ValidateIf } from 'class-validator';
import { ListQueryDto } from '../../common/list-query';

/** GET /api/products/{id}/stock-ledger: the list conventions, and filter={"variantSku":"…"} for one variant's lines. */
export class StockLedgerQueryDto extends ListQueryDto {}

export const MAX_STOCK_CHANGE = 100_000;
export const NOTE_REQUIRED = 'Say why the stock changed (for example: "2 damaged in the stockroom")';

/** A person's change of stock, with its reason. */
export class StockAdjustmentInputDto {
  @ApiProperty({
    type: 'integer',
    example: -2,
    minimum: -MAX_STOCK_CHANGE,
    maximum: MAX_STOCK_CHANGE,
    description: 'Units in (positive) or out (negative); not 0',
  })
  @IsInt({ message: 'The change must be a whole number of units' })
  @NotEquals(0, { message: 'The change must not be 0' })
  @Min(-MAX_STOCK_CHANGE, { message: `The change must be between -${MAX_STOCK_CHANGE} and ${MAX_STOCK_CHANGE} units` })
  @Max(MAX_STOCK_CHANGE, { message: `The change must be between -${MAX_STOCK_CHANGE} and ${MAX_STOCK_CHANGE} units` })
  delta!: number;

  @ApiProperty({
    enum: MANUAL_STOCK_REASONS,
    example: 'adjustment',
    description: 'adjustment (needs a note), restock (units received) or return (units a customer sent back)',
  })
  @IsIn(MANUAL_STOCK_REASONS, { message: `The reason must be one of: ${MANUAL_STOCK_REASONS.join(', ')}` })
  reason!: ManualStockReason;

  @ApiPropertyOptional({ example: '2 damaged in the stockroom', maxLength: 200, description: 'Why: required for an adjustment' })
  @ValidateIf((o: StockAdjustmentInputDto) => o.reason === 'adjustment' || o.note !== undefined)
  @MaxLength(200, { message: 'The note can be at most 200 characters' })
  @IsNotEmpty({ message: NOTE_REQUIRED })
  @IsString({ message: NOTE_REQUIRED })
  note?: string;

  @ApiPropertyOptional({ example: 'SNK-COURT-41-WHI', description: 'The variant whose stock changes (required when the product has variants)' })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  variantSku?: string;
}

export class StockActorDto {
  @ApiPropertyOptional({
    example: '665f1c2e9d1e8a0012345678',
    description: 'The user id; absent when the shop itself made the change (an order, a sweep)',
  })
  id?: string;

  @ApiProperty({ example: 'Ann Admin' })
  name!: string;
}

/** One line of a product's stock ledger. */
export class StockMovementDto {
  @ApiProperty({ example: '6660a1b2c3d4e5f601234567' })
  id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  product!: string;

  @ApiPropertyOptional({ example: 'SNK-COURT-41-WHI', description: 'The variant, when the change was to one' })
  variantSku?: string;

  @ApiProperty({ type: 'integer', example: -1, description: 'Units in (positive) or out (negative)' })
  delta!: number;

  @ApiProperty({ type: 'integer', example: 39, description: "The variant's level (or the product's, without a variant) right after the change" })
  level!: number;

  @ApiProperty({ type: 'integer', example: 39, description: "The product's whole stock right after the change" })
  productLevel!: number;

  @ApiProperty({ enum: STOCK_REASONS, example: 'sale' })
  reason!: StockReason;

  @ApiPropertyOptional({ type: StockActorDto, description: 'Who made the change; absent for the shop itself (orders, sweeps)' })
  actor?: StockActorDto;

  @ApiPropertyOptional({ example: '2 damaged in the stockroom' })
  note?: string;

  @ApiPropertyOptional({ example: '6660a1b2c3d4e5f601234568', description: 'The order of a sale, a release or a cancellation' })
  order?: string;

  @ApiPropertyOptional({ example: '7DF4FF87', description: "The order's number, as the shop shows it (with order)" })
  orderNumber?: string;

  @ApiProperty({ type: String, format: 'date-time' })
  at!: string;

  static from(row: StockMovementRecord): StockMovementDto {
    return {
      id: row._id.toString(),
      product: row.product.toString(),
      ...(row.variantSku ? { variantSku: row.variantSku } : {}),
      delta: row.delta,
      level: row.level,
      productLevel: row.productLevel,
      reason: row.reason,
      ...(row.actor ? { actor: { ...(row.actor.id ? { id: row.actor.id.toString() } : {}), name: row.actor.name } } : {}),
      ...(row.note ? { note: row.note } : {}),
      ...(row.order ? { order: row.order.toString(), orderNumber: orderNumberOf(row.order) } : {}),
      at: new Date(row.at).toISOString(),
    };
  }
}

/** The answer to an adjustment: the levels after it. */
export class StockAdjustmentResultDto {
  @ApiProperty({ type: 'integer', example: 38, description: "The product's whole stock after the change" })
  countInStock!: number;

  @ApiPropertyOptional({ example: 'SNK-COURT-41-WHI' })
  variantSku?: string;

  @ApiProperty({ type: 'integer', example: 3, description: "The variant's level after the change (the product's, without a variant)" })
  level!: number;
}
