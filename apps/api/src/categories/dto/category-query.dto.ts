import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { ListQueryDto } from '../../common/list-query';

/** GET /api/category: the list conventions over categories. */
export class CategoryListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({
    description: '`field`, `-field` or `["field","ASC"|"DESC"]`; fields: name (default), createdAt, updatedAt, id',
    example: '["name","ASC"]',
  })
  declare sort?: string;

  @ApiPropertyOptional({
    description: 'react-admin: a JSON object with `q` or `name` (text in the name, case-insensitive) and/or `id` (a list of ids)',
    example: '{"q":"hat"}',
  })
  declare filter?: string;
}

/** GET /api/category/{id}/products: paging only (newest first, 200 per page unless asked otherwise). */
export class CategoryProductsQueryDto extends PickType(ListQueryDto, ['page', 'perPage', 'pageSize', 'range'] as const) {}
