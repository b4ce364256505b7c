import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PublicCache } from '../catalog-cache/public-cache';
import { CategoriesService } from '../categories/categories.service';
import { CategoryDto } from '../categories/dto/category.dto';
import { NoQuery } from '../common/list-query';

/**
 * The categories route of the original spec (the storefront still calls it), answering as it always did through
 * CategoriesService. Registered before CategoriesController (CategoriesModule), so /category/categories is matched
 * here and never as GET /category/:id.
 */
@ApiTags('categories')
@Controller('category')
export class CategoriesCompatController {
  constructor(private readonly categories: CategoriesService) {}

  @PublicCache()
  @Get('categories')
  @ApiOperation({ summary: 'Every category, by name (no paging)', deprecated: true, description: 'Use GET /api/category instead (with perPage up to 200, or range).' })
  @ApiOkResponse({ type: [CategoryDto] })
  all(@NoQuery() _query: undefined): Promise<CategoryDto[]> {
    return this.categories.all();
  }
}
