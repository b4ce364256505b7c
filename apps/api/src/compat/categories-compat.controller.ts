import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PublicCache } from '../catalog-cache/public-cache';
import { CategoriesService } from '../categories/categories.service';
import { CategoryDto } from '../categories/dto/category.dto';
import { NoQuery } from '../common/list-query';

/**
 * The spec's category list (shop-spec.md, "The calls it makes": GET /api/category/categories), a first-class route
 * the storefront calls (issue #41); GET /api/category is the console's paged list beside it. Through
 * CategoriesService. Registered before CategoriesController (CategoriesModule), so /category/categories is matched
 * here and never as GET /category/:id.
 */
@ApiTags('categories')
@Controller('category')
export class CategoriesCompatController {
  constructor(private readonly categories: CategoriesService) {}

  @PublicCache()
  @Get('categories')
  @ApiOperation({
    summary: 'Every category, by name (no paging)',
    description: 'The list the storefront shows; GET /api/category pages, sorts and filters the same categories.',
  })
  @ApiOkResponse({ type: [CategoryDto] })
  all(@NoQuery() _query: undefined): Promise<CategoryDto[]> {
    return this.categories.all();
  }
}
