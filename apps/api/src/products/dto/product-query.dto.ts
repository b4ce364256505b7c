import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsMongoId, IsOptional, IsString, Max, Min } from 'class-validator';
import { ListQueryDto } from '../../common/list-query';
import { LOW_STOCK_THRESHOLD, STOCK_LEVELS } from '../stock-levels';

const ONCE = { message: '$property must be given once, as text' };

const STOCK_MESSAGE = `stock must be one of ${STOCK_LEVELS.join(', ')}`;

/** GET /api/products and GET /api/products/mine: the list conventions plus the shop's search and category. */
export class ProductListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({
    description: 'Matches name, brand, description and category name (literal text, case-insensitive; the first 100 characters count)',
    example: 'linen',
  })
  @IsOptional()
  @IsString(ONCE)
  search?: string;

  @ApiPropertyOptional({
    description: 'Category id: products of that category only',
    pattern: '^[0-9a-fA-F]{24}$',
    example: '665f1c2e9d1e8a0012345678',
  })
  @IsOptional()
  @IsString(ONCE)
  @IsMongoId({ message: 'category must be an id' })
  category?: string;

  @ApiPropertyOptional({
    enum: STOCK_LEVELS,
    description: `Stock level: \`sold_out\` (0 units), \`low_stock\` (some left, but ${LOW_STOCK_THRESHOLD} units or fewer in total or in any one size or colour, sold-out sizes included), \`in_stock\` (more than ${LOW_STOCK_THRESHOLD} units in total and in every variant); the same as filter \`stock\``,
  })
  @IsOptional()
  @IsString(ONCE)
  @IsIn(STOCK_LEVELS, { message: STOCK_MESSAGE })
  stock?: string;

  @ApiPropertyOptional({
    description:
      '`field`, `-field` or `["field","ASC"|"DESC"]`; fields: name, price, createdAt (default, newest first), updatedAt, rating, numReviews, countInStock, brand, status, id',
    example: '["price","ASC"]',
  })
  declare sort?: string;

  @ApiPropertyOptional({
    description: `react-admin: a JSON object with any of \`q\` (search text), \`category\` (id), \`status\` (draft, pending, published, rejected: admins), \`brand\`, \`isSpecial\`, \`onSale\` (booleans), \`owner\` (user id, the distributor who submitted it: admins), \`stock\` (\`in_stock\`: more than ${LOW_STOCK_THRESHOLD} units in total and in every variant, \`low_stock\`: some left but ${LOW_STOCK_THRESHOLD} or fewer in total or in any variant, \`sold_out\`: 0), \`id\` (a list of ids)`,
    example: '{"q":"linen","onSale":true}',
  })
  declare filter?: string;
}

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 50';

/** GET /api/products/top, new, offers and /{id}/similar: how many products to answer. */
export class ProductLimitQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 50,
    description: 'How many products (default: 4 for top and similar, 5 for new, 12 for offers)',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value))
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(50, { message: LIMIT_MESSAGE })
  limit?: number;
}
