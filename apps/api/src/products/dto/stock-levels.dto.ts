import { ApiProperty } from '@nestjs/swagger';

/** GET /api/products/stock-levels: the shop's one low-stock threshold, as the console shows and filters by it. */
export class StockLevelsDto {
  /**
   * A product is low on stock when it has this many units or fewer in total or in any one size or colour (and is
   * not sold out); in stock above it in total and in every variant.
   */
  @ApiProperty({ example: 5 }) lowStockThreshold!: number;
}
