import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { PublicCache } from '../catalog-cache/public-cache';
import { setListHeaders } from '../common/list-query';
import { filesOf, MAX_ADDITIONAL_IMAGES, MultipartFiles, TOO_MANY_IMAGES_MESSAGE } from '../uploads/multipart';
import { MyReviewDto, ProductDeletedDto, ProductDto, ReviewResultDto } from './dto/product.dto';
import { FilteredProductsInputDto, ProductFormDto, ProductInputDto, ProductUpdateDto, RejectInputDto, ReviewInputDto } from './dto/product-input.dto';
import { ProductsService, type ProductFiles, type ProductPage } from './products.service';

const PRODUCT_FILES = MultipartFiles([
  { name: 'image', maxCount: 1 },
  { name: 'additionalImages', maxCount: MAX_ADDITIONAL_IMAGES, tooMany: TOO_MANY_IMAGES_MESSAGE },
]);

function productFiles(req: Request): ProductFiles {
  return { image: filesOf(req, 'image')[0], additionalImages: filesOf(req, 'additionalImages') };
}

function answerPage(res: Response, page: ProductPage): ProductDto[] {
  setListHeaders(res, 'products', page.skip, page.items.length, page.total);
  return page.items;
}

const LIST_QUERIES = [
  ApiQuery({ name: 'search', required: false, description: 'Matches name, brand, description and category name (literal text, case-insensitive)' }),
  ApiQuery({ name: 'category', required: false, description: 'Category id' }),
  ApiQuery({ name: 'page', required: false }),
  ApiQuery({ name: 'pageSize', required: false }),
  ApiQuery({ name: 'sort', required: false, description: 'field, -field or ["field","ASC"|"DESC"] (price, name, createdAt, rating, …)' }),
  ApiQuery({ name: 'range', required: false, description: 'react-admin: [start, end]' }),
  ApiQuery({ name: 'filter', required: false, description: 'react-admin: {"q","category","status","brand","isSpecial","owner","onSale","id"}' }),
];

function applyAll(decorators: MethodDecorator[]): MethodDecorator {
  return (target, key, descriptor) => {
    for (const d of decorators) d(target, key, descriptor);
  };
}

@ApiTags('products')
@ApiExtraModels(ProductFormDto, ProductInputDto)
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @PublicCache()
  @Get()
  @ApiOperation({ summary: 'List products (search, category, paging, sorting); non-admins see published products only' })
  @applyAll(LIST_QUERIES)
  @ApiOkResponse({ type: [ProductDto], description: 'With X-Total-Count and Content-Range' })
  @ApiBadRequestResponse({ type: ErrorBody })
  async list(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser | undefined, @Res({ passthrough: true }) res: Response): Promise<ProductDto[]> {
    return answerPage(res, await this.products.list(query, user));
  }

  @PublicCache()
  @Get('allProducts')
  @ApiOperation({ summary: 'Every product for admins (newest first); published ones for everyone else' })
  @ApiOkResponse({ type: [ProductDto] })
  async all(@CurrentUser() user: AuthUser | undefined, @Res({ passthrough: true }) res: Response): Promise<ProductDto[]> {
    return answerPage(res, await this.products.all(user));
  }

  @Get('mine')
  @Auth('distributor')
  @ApiOperation({ summary: "The caller's own products, every status" })
  @applyAll(LIST_QUERIES)
  @ApiOkResponse({ type: [ProductDto] })
  async mine(@Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<ProductDto[]> {
    return answerPage(res, await this.products.mine(user, query));
  }

  @PublicCache()
  @Get('top')
  @ApiOperation({ summary: 'Best-rated products' })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 50, default 4' })
  @ApiOkResponse({ type: [ProductDto] })
  top(@Query() query: Record<string, unknown>): Promise<ProductDto[]> {
    return this.products.top(query);
  }

  @PublicCache()
  @Get('new')
  @ApiOperation({ summary: 'Newest products' })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 50, default 5' })
  @ApiOkResponse({ type: [ProductDto] })
  newest(@Query() query: Record<string, unknown>): Promise<ProductDto[]> {
    return this.products.newest(query);
  }

  @PublicCache()
  @Get('special')
  @ApiOperation({ summary: 'The special products showcase (7 products)' })
  @ApiOkResponse({ type: [ProductDto] })
  special(): Promise<ProductDto[]> {
    return this.products.special();
  }

  @PublicCache()
  @Get('offers')
  @ApiOperation({ summary: 'Products on sale (compareAtPrice above price)' })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 50, default 12' })
  @ApiOkResponse({ type: [ProductDto] })
  offers(@Query() query: Record<string, unknown>): Promise<ProductDto[]> {
    return this.products.offers(query);
  }

  @Post('filtered-products')
  @HttpCode(200)
  @ApiOperation({ summary: 'Published products in the checked categories and the price range (and matching the search text), newest first' })
  @ApiOkResponse({ type: [ProductDto], description: 'With page or pageSize: that page, with X-Total-Count and Content-Range; without: the first 500' })
  @ApiBadRequestResponse({ type: ErrorBody })
  async filtered(@Body() body: FilteredProductsInputDto, @Res({ passthrough: true }) res: Response): Promise<ProductDto[]> {
    const answer = await this.products.filtered(body);
    return Array.isArray(answer) ? answer : answerPage(res, answer);
  }

  @Post('add')
  @Auth('distributor')
  @UseInterceptors(PRODUCT_FILES)
  @ApiOperation({ summary: "Create a product from a form (an admin's is published, a distributor's waits for review)" })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { $ref: getSchemaPath(ProductFormDto) } })
  @ApiCreatedResponse({ type: ProductDto })
  @ApiBadRequestResponse({ type: ErrorBody, description: "Invalid field, no image, or 'Maximum 4 additional images allowed'" })
  @ApiPayloadTooLargeResponse({ type: ErrorBody })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorBody })
  add(@Body() body: ProductInputDto, @Req() req: Request, @CurrentUser() user: AuthUser): Promise<ProductDto> {
    return this.products.create(user, body, productFiles(req));
  }

  @Post()
  @Auth('distributor')
  @ApiOperation({ summary: 'Create a product from JSON, with image URLs from POST /api/upload (the console)' })
  @ApiCreatedResponse({ type: ProductDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  create(@Body() body: ProductInputDto, @CurrentUser() user: AuthUser): Promise<ProductDto> {
    return this.products.create(user, body, { additionalImages: [] });
  }

  @PublicCache({ ownersSeeMore: true })
  @Get(':id')
  @ApiOperation({ summary: 'One product with its reviews' })
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Unknown, malformed or unpublished' })
  get(@Param('id') id: string, @CurrentUser() user: AuthUser | undefined): Promise<ProductDto> {
    return this.products.get(id, user);
  }

  @PublicCache({ ownersSeeMore: true })
  @Get(':id/similar')
  @ApiOperation({ summary: 'Published products of the same category, without this one' })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 50, default 4' })
  @ApiOkResponse({ type: [ProductDto] })
  @ApiNotFoundResponse({ type: ErrorBody })
  similar(@Param('id') id: string, @Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser | undefined): Promise<ProductDto[]> {
    return this.products.similar(id, user, query);
  }

  @Put(':id')
  @Auth('distributor')
  @UseInterceptors(PRODUCT_FILES)
  @ApiOperation({ summary: 'Change a product (multipart or JSON): admins any, distributors their own' })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOkResponse({ type: ProductDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiPayloadTooLargeResponse({ type: ErrorBody })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorBody })
  update(@Param('id') id: string, @Body() body: ProductUpdateDto, @Req() req: Request, @CurrentUser() user: AuthUser): Promise<ProductDto> {
    return this.products.update(user, id, body, productFiles(req));
  }

  @Delete(':id')
  @Auth('distributor')
  @ApiOperation({ summary: 'Delete a product: admins any, distributors their own' })
  @ApiOkResponse({ type: ProductDeletedDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  remove(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<ProductDeletedDto> {
    return this.products.remove(user, id);
  }

  @Put(':id/approve')
  @Auth('admin')
  @ApiOperation({ summary: 'Publish a product (the owner is mailed)' })
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  approve(@Param('id') id: string): Promise<ProductDto> {
    return this.products.moderate(id, true);
  }

  @Put(':id/reject')
  @Auth('admin')
  @ApiOperation({ summary: 'Reject a product with a note (the owner is mailed)' })
  @ApiOkResponse({ type: ProductDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  reject(@Param('id') id: string, @Body() body: RejectInputDto): Promise<ProductDto> {
    return this.products.moderate(id, false, body.note);
  }

  @Get(':id/reviews/mine')
  @Auth()
  @ApiOperation({ summary: "The caller's own review of this product (review null when they wrote none)" })
  @ApiOkResponse({ type: MyReviewDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  myReview(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<MyReviewDto> {
    return this.products.myReview(user, id);
  }

  @Post(':id/reviews')
  @Auth()
  @ApiOperation({ summary: 'Review a product once (rating 1 to 5, comment up to 500 characters)' })
  @ApiCreatedResponse({ type: ReviewResultDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'Already reviewed' })
  review(@Param('id') id: string, @Body() body: ReviewInputDto, @CurrentUser() user: AuthUser): Promise<ReviewResultDto> {
    return this.products.addReview(user, id, body);
  }

  @Delete(':id/reviews/:reviewId')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a review (admins); rating and numReviews are recomputed' })
  @ApiOkResponse({ type: ReviewResultDto })
  @ApiForbiddenResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  removeReview(@Param('id') id: string, @Param('reviewId') reviewId: string): Promise<ReviewResultDto> {
    return this.products.removeReview(id, reviewId);
  }
}
