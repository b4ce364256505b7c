import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { PublicCache } from '../catalog-cache/public-cache';
import { ApiErrors } from '../common/api-errors';
import { IdParam } from '../common/object-id';
import { MyReviewDto, ProductDeletedDto, ProductDto, ReviewResultDto } from './dto/product.dto';
import { FilteredProductsInputDto, ProductFormDto, ProductInputDto, ProductUpdateDto, RejectInputDto, ReviewInputDto } from './dto/product-input.dto';
import { ProductLimitQueryDto, ProductListQueryDto } from './dto/product-query.dto';
import { BulkProductsAnswerDto, BulkProductsInputDto } from './dto/product-bulk.dto';
import { StockLevelsDto } from './dto/stock-levels.dto';
import { LOW_STOCK_THRESHOLD } from './stock-levels';
import { answerPage, PRODUCT_FILES, PRODUCT_FORM_ERRORS, productFiles } from './product-http';
import { ProductsService } from './products.service';
import { NoQuery } from '../common/list-query';

/** A path id of a product: malformed ids answer 404 like unknown ones. */
const ProductId = (name = 'id') => IdParam(name, 'PRODUCT_NOT_FOUND', 'Product not found');

@ApiTags('products')
@ApiExtraModels(ProductFormDto, ProductInputDto)
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @PublicCache()
  @Get()
  @ApiOperation({ summary: 'List products (search, category, paging, sorting); non-admins see published products only' })
  @ApiOkResponse({ type: [ProductDto], description: 'With X-Total-Count and Content-Range' })
  @ApiErrors('INVALID_QUERY')
  async list(
    @Query() query: ProductListQueryDto,
    @CurrentUser() user: AuthUser | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ProductDto[]> {
    return answerPage(res, await this.products.list(query, user));
  }

  @Get('mine')
  @Auth('distributor')
  @ApiOperation({ summary: "The caller's own products, every status (search, category, paging, sorting as in the list)" })
  @ApiOkResponse({ type: [ProductDto], description: 'With X-Total-Count and Content-Range' })
  @ApiErrors('INVALID_QUERY')
  async mine(
    @Query() query: ProductListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ProductDto[]> {
    return answerPage(res, await this.products.mine(user, query));
  }

  @PublicCache()
  @Get('top')
  @ApiOperation({ summary: 'Best-rated products (4 unless limit says otherwise)' })
  @ApiOkResponse({ type: [ProductDto] })
  top(@Query() query: ProductLimitQueryDto): Promise<ProductDto[]> {
    return this.products.top(query);
  }

  @PublicCache()
  @Get('new')
  @ApiOperation({ summary: 'Newest products (5 unless limit says otherwise)' })
  @ApiOkResponse({ type: [ProductDto] })
  newest(@Query() query: ProductLimitQueryDto): Promise<ProductDto[]> {
    return this.products.newest(query);
  }

  @PublicCache()
  @Get('special')
  @ApiOperation({ summary: 'The special products showcase (7 products)' })
  @ApiOkResponse({ type: [ProductDto] })
  special(@NoQuery() _query: undefined): Promise<ProductDto[]> {
    return this.products.special();
  }

  @PublicCache()
  @Get('offers')
  @ApiOperation({ summary: 'Products on sale, compareAtPrice above price (12 unless limit says otherwise)' })
  @ApiOkResponse({ type: [ProductDto] })
  offers(@Query() query: ProductLimitQueryDto): Promise<ProductDto[]> {
    return this.products.offers(query);
  }

  @Post('filtered-products')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Published products in the checked categories and the price range (and matching the search text), newest first unless sort says otherwise',
  })
  @ApiOkResponse({
    type: [ProductDto],
    description: 'With page or pageSize: that page, with X-Total-Count and Content-Range; without: the first 500',
  })
  async filtered(@Body() body: FilteredProductsInputDto, @Res({ passthrough: true }) res: FastifyReply): Promise<ProductDto[]> {
    const answer = await this.products.filtered(body);
    return Array.isArray(answer) ? answer : answerPage(res, answer);
  }

  @Post()
  @Auth('distributor')
  @UseInterceptors(PRODUCT_FILES)
  @ApiOperation({
    summary: "Create a product (an admin's is published, a distributor's waits for review)",
    description:
      'JSON with image URLs from POST /api/upload (the console), or a multipart form (ProductFormDto) with the files as `image` and `additionalImages` and the other fields as text.',
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiCreatedResponse({ type: ProductDto })
  @ApiErrors('IMAGE_REQUIRED', ...PRODUCT_FORM_ERRORS)
  create(@Body() body: ProductInputDto, @Req() req: FastifyRequest, @CurrentUser() user: AuthUser): Promise<ProductDto> {
    return this.products.create(user, body, productFiles(req));
  }

  @Patch('bulk')
  @Auth('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One action on up to 100 products (admins): publish, unpublish (to draft), setCategory or delete',
    description: "Answers each id's outcome in the order given; an unknown id is reported (PRODUCT_NOT_FOUND) and the others are still done.",
  })
  @ApiOkResponse({ type: BulkProductsAnswerDto })
  @ApiErrors(['CATEGORY_NOT_FOUND', 400])
  bulk(@Body() body: BulkProductsInputDto): Promise<BulkProductsAnswerDto> {
    return this.products.bulk(body);
  }

  @Get('stock-levels')
  @Auth('admin')
  @ApiOperation({ summary: "The shop's low-stock threshold (admins): what the stock filter's levels and the dashboard's low-stock card count by" })
  @ApiOkResponse({ type: StockLevelsDto })
  stockLevels(@NoQuery() _query: undefined): StockLevelsDto {
    return { lowStockThreshold: LOW_STOCK_THRESHOLD };
  }

  @PublicCache({ ownersSeeMore: true })
  @Get(':id')
  @ApiOperation({ summary: 'One product with its reviews (unpublished ones for their owner and admins only)' })
  @ApiOkResponse({ type: ProductDto })
  @ApiErrors('PRODUCT_NOT_FOUND')
  get(@ProductId() id: string, @CurrentUser() user: AuthUser | undefined): Promise<ProductDto> {
    return this.products.get(id, user);
  }

  @PublicCache({ ownersSeeMore: true })
  @Get(':id/similar')
  @ApiOperation({ summary: 'Published products of the same category, without this one (4 unless limit says otherwise)' })
  @ApiOkResponse({ type: [ProductDto] })
  @ApiErrors('PRODUCT_NOT_FOUND')
  similar(@ProductId() id: string, @Query() query: ProductLimitQueryDto, @CurrentUser() user: AuthUser | undefined): Promise<ProductDto[]> {
    return this.products.similar(id, user, query);
  }

  @Put(':id')
  @Auth('distributor')
  @UseInterceptors(PRODUCT_FILES)
  @ApiOperation({ summary: 'Change a product (multipart or JSON): admins any, distributors their own' })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOkResponse({ type: ProductDto })
  @ApiErrors('PRODUCT_NOT_FOUND', 'NOT_YOUR_PRODUCT', ...PRODUCT_FORM_ERRORS)
  update(@ProductId() id: string, @Body() body: ProductUpdateDto, @Req() req: FastifyRequest, @CurrentUser() user: AuthUser): Promise<ProductDto> {
    return this.products.update(user, id, body, productFiles(req));
  }

  @Delete(':id')
  @Auth('distributor')
  @ApiOperation({ summary: 'Delete a product: admins any, distributors their own' })
  @ApiOkResponse({ type: ProductDeletedDto })
  @ApiErrors('PRODUCT_NOT_FOUND', 'NOT_YOUR_PRODUCT')
  remove(@ProductId() id: string, @CurrentUser() user: AuthUser): Promise<ProductDeletedDto> {
    return this.products.remove(user, id);
  }

  @Put(':id/approve')
  @Auth('admin')
  @ApiOperation({ summary: 'Publish a product (the owner is mailed)' })
  @ApiOkResponse({ type: ProductDto })
  @ApiErrors('PRODUCT_NOT_FOUND')
  approve(@ProductId() id: string): Promise<ProductDto> {
    return this.products.moderate(id, true);
  }

  @Put(':id/reject')
  @Auth('admin')
  @ApiOperation({ summary: 'Reject a product with a note (the owner is mailed)' })
  @ApiOkResponse({ type: ProductDto })
  @ApiErrors('PRODUCT_NOT_FOUND')
  reject(@ProductId() id: string, @Body() body: RejectInputDto): Promise<ProductDto> {
    return this.products.moderate(id, false, body.note);
  }

  @Get(':id/reviews/mine')
  @Auth()
  @ApiOperation({ summary: "The caller's own review of this product (review null when they wrote none)" })
  @ApiOkResponse({ type: MyReviewDto })
  @ApiErrors('PRODUCT_NOT_FOUND')
  myReview(@ProductId() id: string, @CurrentUser() user: AuthUser): Promise<MyReviewDto> {
    return this.products.myReview(user, id);
  }

  @Put(':id/reviews/mine')
  @Auth()
  @ApiOperation({
    summary:
      "Edit the caller's own review of this product (rating 1 to 5, comment up to 500 characters); under pre-moderation, or once rejected, it waits for approval again",
  })
  @ApiOkResponse({ type: ReviewResultDto })
  @ApiErrors('PRODUCT_NOT_FOUND', 'REVIEW_NOT_FOUND')
  updateMyReview(@ProductId() id: string, @Body() body: ReviewInputDto, @CurrentUser() user: AuthUser): Promise<ReviewResultDto> {
    return this.products.updateMyReview(user, id, body);
  }

  @Post(':id/reviews')
  @Auth()
  @ApiOperation({ summary: 'Review a product once (rating 1 to 5, comment up to 500 characters)' })
  @ApiCreatedResponse({ type: ReviewResultDto })
  @ApiErrors('PRODUCT_NOT_FOUND', 'ALREADY_REVIEWED')
  review(@ProductId() id: string, @Body() body: ReviewInputDto, @CurrentUser() user: AuthUser): Promise<ReviewResultDto> {
    return this.products.addReview(user, id, body);
  }

  @Delete(':id/reviews/:reviewId')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a review (admins); rating and numReviews are recomputed' })
  @ApiOkResponse({ type: ReviewResultDto })
  @ApiErrors('PRODUCT_NOT_FOUND', 'REVIEW_NOT_FOUND')
  removeReview(@ProductId() id: string, @IdParam('reviewId', 'REVIEW_NOT_FOUND', 'Review not found') reviewId: string): Promise<ReviewResultDto> {
    return this.products.removeReview(id, reviewId);
  }
}
