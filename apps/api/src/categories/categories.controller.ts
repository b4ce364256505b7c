import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { PublicCache } from '../catalog-cache/public-cache';
import { setListHeaders } from '../common/list-query';
import { ProductDto } from '../products/dto/product.dto';
import { ProductsService } from '../products/products.service';
import { CategoriesService } from './categories.service';
import { CategoryDeletedDto, CategoryDto, CategoryInputDto } from './dto/category.dto';

@ApiTags('categories')
@Controller('category')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    private readonly products: ProductsService,
  ) {}

  @PublicCache()
  @Get('categories')
  @ApiOperation({ summary: 'Every category, by name' })
  @ApiOkResponse({ type: [CategoryDto] })
  all(): Promise<CategoryDto[]> {
    return this.categories.all();
  }

  @PublicCache()
  @Get()
  @ApiOperation({ summary: 'Categories with the list conventions (page/pageSize or range/sort/filter)' })
  @ApiQuery({ name: 'range', required: false })
  @ApiQuery({ name: 'sort', required: false })
  @ApiQuery({ name: 'filter', required: false, description: '{"q": "name text"} or {"id": [...]}' })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'pageSize', required: false })
  @ApiOkResponse({ type: [CategoryDto], description: 'With X-Total-Count and Content-Range' })
  @ApiBadRequestResponse({ type: ErrorBody })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<CategoryDto[]> {
    const page = await this.categories.list(query);
    setListHeaders(res, 'category', page.skip, page.items.length, page.total);
    return page.items;
  }

  @PublicCache()
  @Get(':id')
  @ApiOperation({ summary: 'One category' })
  @ApiOkResponse({ type: CategoryDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  get(@Param('id') id: string): Promise<CategoryDto> {
    return this.categories.get(id);
  }

  @PublicCache()
  @Get(':id/products')
  @ApiOperation({ summary: 'Products of one category (published ones for non-admins)' })
  @ApiOkResponse({ type: [ProductDto], description: 'With X-Total-Count and Content-Range' })
  @ApiNotFoundResponse({ type: ErrorBody })
  async productsOf(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @CurrentUser() user: AuthUser | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProductDto[]> {
    const page = await this.products.byCategory(id, user, query);
    setListHeaders(res, 'products', page.skip, page.items.length, page.total);
    return page.items;
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ summary: 'Create a category (names are unique ignoring case)' })
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'Category name is required' })
  @ApiConflictResponse({ type: ErrorBody, description: 'Name already used' })
  create(@Body() body: CategoryInputDto): Promise<CategoryDto> {
    return this.categories.create(body.name);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Rename a category' })
  @ApiOkResponse({ type: CategoryDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody })
  rename(@Param('id') id: string, @Body() body: CategoryInputDto): Promise<CategoryDto> {
    return this.categories.rename(id, body.name);
  }

  @Delete(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a category that has no products' })
  @ApiOkResponse({ type: CategoryDeletedDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'The category still has products' })
  remove(@Param('id') id: string): Promise<CategoryDeletedDto> {
    return this.categories.remove(id);
  }
}
