import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { IdParam } from '../common/object-id';
import { CartService } from './cart.service';
import { AddToCartDto, CartDto, CartOwnerQueryDto, RemoveCartItemQueryDto, UpdateCartDto } from './dto/cart.dto';

@ApiTags('cart')
@Controller('cart')
@Auth()
// Every route takes an optional userId (body or query) that must be the caller's own id.
@ApiErrors('CART_FORBIDDEN')
export class CartController {
  constructor(private readonly cart: CartService) {}

  @Post()
  @ApiOperation({ summary: 'Add a product (or variant) to the cart; adds to the quantity already there' })
  @ApiCreatedResponse({ type: CartDto })
  @ApiErrors('PRODUCT_NOT_FOUND', 'VARIANT_REQUIRED', 'VARIANT_NOT_FOUND', 'QUANTITY_TOO_LARGE', 'INSUFFICIENT_STOCK', 'CART_BUSY')
  add(@CurrentUser() user: AuthUser, @Body() dto: AddToCartDto): Promise<CartDto> {
    return this.cart.add(user, dto);
  }

  @Put('update')
  @ApiOperation({ summary: 'Set the quantity of a cart line' })
  @ApiOkResponse({ type: CartDto })
  @ApiErrors(
    'PRODUCT_NOT_FOUND',
    'CART_ITEM_NOT_FOUND',
    'VARIANT_REQUIRED',
    'VARIANT_NOT_FOUND',
    'QUANTITY_TOO_LARGE',
    'INSUFFICIENT_STOCK',
    'CART_BUSY',
  )
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateCartDto): Promise<CartDto> {
    return this.cart.update(user, dto);
  }

  @Get()
  @ApiOperation({ summary: "The caller's cart with current catalog prices" })
  @ApiOkResponse({ type: CartDto })
  view(@CurrentUser() user: AuthUser, @Query() query: CartOwnerQueryDto): Promise<CartDto> {
    return this.cart.view(user, query.userId);
  }

  @Delete(':productId')
  @ApiOperation({ summary: 'Remove a product from the cart (one variant line with ?variantSku=, else every line of the product)' })
  @ApiOkResponse({ type: CartDto })
  @ApiErrors('CART_ITEM_NOT_FOUND')
  remove(
    @CurrentUser() user: AuthUser,
    @IdParam('productId', 'CART_ITEM_NOT_FOUND', 'This item is not in your cart') productId: string,
    @Query() query: RemoveCartItemQueryDto,
  ): Promise<CartDto> {
    return this.cart.remove(user, productId, query.variantSku, query.userId);
  }

  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'Empty the cart' })
  @ApiOkResponse({ type: CartDto })
  clear(@CurrentUser() user: AuthUser, @Query() query: CartOwnerQueryDto): Promise<CartDto> {
    return this.cart.clear(user, query.userId);
  }
}
