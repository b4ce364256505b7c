import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { PublicCache } from '../catalog-cache/public-cache';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { ProductDto } from '../products/dto/product.dto';
import { answerPage } from '../products/product-http';
import { ProductsService } from '../products/products.service';
import { CategoriesService } from './categories.service';
import { CategoryDeletedDto, CategoryDto, CategoryInputDto } from './dto/category.dto';
import { CategoryListQueryDto, CategoryProductsQueryDto } from './dto/category-query.dto';

/** A path id of a category: malformed ids answer 404 like unknown ones. */
const CategoryId = () => IdParam('id', 'CATEGORY_NOT_FOUND', 'Category not found');

@ApiTags('categories')
@Controller('category')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    private readonly products: ProductsService,
  ) {}

  @PublicCache()
  @Get()
  @ApiOperation({ summary: 'Categories with the list conventions (page/perPage or range, sort, filter), by name unless sorted otherwise' })
  @ApiOkResponse({ type: [CategoryDto], description: 'With X-Total-Count and Content-Range; for admins each category carries its productCount' })
  @ApiErrors('INVALID_QUERY')
  async list(
    @Query() query: CategoryListQueryDto,
    @CurrentUser() user: AuthUser | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CategoryDto[]> {
    const page = await this.categories.list(query, user?.isAdmin === true);
    setListHeaders(res, 'category', page.skip, page.items.length, page.total);
    return page.items;
  }

  @PublicCache()
  @Get(':id')
  @ApiOperation({ summary: 'One category (with its productCount for admins)' })
  @ApiOkResponse({ type: CategoryDto })
  @ApiErrors('CATEGORY_NOT_FOUND')
  get(@CategoryId() id: string, @CurrentUser() user: AuthUser | undefined): Promise<CategoryDto> {
    return this.categories.get(id, user?.isAdmin === true);
  }

  @PublicCache()
  @Get(':id/products')
  @ApiOperation({ summary: 'Products of one category, newest first (published ones for non-admins)' })
  @ApiOkResponse({ type: [ProductDto], description: 'With X-Total-Count and Content-Range' })
  @ApiErrors('CATEGORY_NOT_FOUND', 'INVALID_QUERY')
  async productsOf(
    @CategoryId() id: string,
    @Query() query: CategoryProductsQueryDto,
    @CurrentUser() user: AuthUser | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ProductDto[]> {
    return answerPage(res, await this.products.byCategory(id, user, query));
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ summary: 'Create a category (names are unique ignoring case)' })
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiErrors('CATEGORY_EXISTS')
  create(@Body() body: CategoryInputDto): Promise<CategoryDto> {
    return this.categories.create(body.name);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Rename a category' })
  @ApiOkResponse({ type: CategoryDto })
  @ApiErrors('CATEGORY_NOT_FOUND', 'CATEGORY_EXISTS')
  rename(@CategoryId() id: string, @Body() body: CategoryInputDto): Promise<CategoryDto> {
    return this.categories.rename(id, body.name);
  }

  @Delete(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a category that has no products (409 CATEGORY_IN_USE names how many it has)' })
  @ApiOkResponse({ type: CategoryDeletedDto })
  @ApiErrors('CATEGORY_NOT_FOUND', 'CATEGORY_IN_USE')
  remove(@CategoryId() id: string): Promise<CategoryDeletedDto> {
    return this.categories.remove(id);
  }
}
