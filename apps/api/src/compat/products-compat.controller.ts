import { Body, Controller, Get, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { PublicCache } from '../catalog-cache/public-cache';
import { ApiErrors } from '../common/api-errors';
import { ProductDto } from '../products/dto/product.dto';
import { ProductFormDto, ProductInputDto } from '../products/dto/product-input.dto';
import { answerPage, PRODUCT_FILES, PRODUCT_FORM_ERRORS, productFiles } from '../products/product-http';
import { ProductsService } from '../products/products.service';
import { NoQuery } from '../common/list-query';

/**
 * Two calls of the spec (shop-spec.md, "The calls it makes": GET /api/products/allProducts, POST /api/products/add),
 * first-class routes (issue #41) beside the paged GET /api/products and the JSON-or-form POST /api/products the
 * console uses; they delegate to ProductsService like those. Registered before
 * ProductsController (ProductsModule), so /products/allProducts is matched here and never as GET /products/:id.
 */
@ApiTags('products')
@Controller('products')
export class ProductsCompatController {
  constructor(private readonly products: ProductsService) {}

  @PublicCache()
  @Get('allProducts')
  @ApiOperation({
    summary: 'Every product for admins (newest first); published ones for everyone else',
    description: 'No paging; GET /api/products pages, searches, filters and sorts.',
  })
  @ApiOkResponse({ type: [ProductDto], description: 'With X-Total-Count and Content-Range' })
  async all(
    @NoQuery() _query: undefined,
    @CurrentUser() user: AuthUser | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ProductDto[]> {
    return answerPage(res, await this.products.all(user));
  }

  @Post('add')
  @Auth('distributor')
  @UseInterceptors(PRODUCT_FILES)
  @ApiOperation({
    summary: "Create a product from a form (an admin's is published, a distributor's waits for review)",
    description:
      "The storefront's distributor form (multipart, with the image files). POST /api/products takes the same form, or JSON (the console).",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { $ref: getSchemaPath(ProductFormDto) } })
  @ApiCreatedResponse({ type: ProductDto })
  @ApiErrors('IMAGE_REQUIRED', ...PRODUCT_FORM_ERRORS)
  add(@Body() body: ProductInputDto, @Req() req: FastifyRequest, @CurrentUser() user: AuthUser): Promise<ProductDto> {
    return this.products.create(user, body, productFiles(req));
  }
}
