import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { CartService } from './cart.service';
import { AddToCartDto, CartDto, CartOwnerQueryDto, RemoveCartItemQueryDto, UpdateCartDto } from './dto/cart.dto';

@ApiTags('cart')
@Controller('cart')
@Auth()
@ApiForbiddenResponse({ type: ErrorBody, description: 'userId is not the caller' })
export class CartController {
  constructor(private readonly cart: CartService) {}

  @Post()
  @ApiOperation({ summary: 'Add a product (or variant) to the cart; adds to the quantity already there' })
  @ApiCreatedResponse({ type: CartDto })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'Invalid quantity, unknown variant, or more than is in stock (names how many are left)' })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Product not found' })
  @ApiConflictResponse({ type: ErrorBody, description: 'CART_BUSY: other requests kept changing the cart at the same moment; try again' })
  add(@CurrentUser() user: AuthUser, @Body() dto: AddToCartDto): Promise<CartDto> {
    return this.cart.add(user, dto);
  }

  @Put('update')
  @ApiOperation({ summary: 'Set the quantity of a cart line' })
  @ApiOkResponse({ type: CartDto })
  @ApiBadRequestResponse({ type: ErrorBody, description: 'Invalid quantity or more than is in stock' })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Product or cart line not found' })
  @ApiConflictResponse({ type: ErrorBody, description: 'CART_BUSY: other requests kept changing the cart at the same moment; try again' })
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateCartDto): Promise<CartDto> {
    return this.cart.update(user, dto);
  }

  @Get()
  @ApiOperation({ summary: "The caller's cart with current catalog prices" })
  @ApiOkResponse({ type: CartDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  view(@CurrentUser() user: AuthUser, @Query() query: CartOwnerQueryDto): Promise<CartDto> {
    return this.cart.view(user, query.userId);
  }

  @Delete(':productId')
  @ApiOperation({ summary: 'Remove a product from the cart (one variant line with ?variantSku=, else every line of the product)' })
  @ApiOkResponse({ type: CartDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Not in the cart' })
  remove(@CurrentUser() user: AuthUser, @Param('productId') productId: string, @Query() query: RemoveCartItemQueryDto): Promise<CartDto> {
    return this.cart.remove(user, productId, query.variantSku, query.userId);
  }

  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'Empty the cart' })
  @ApiOkResponse({ type: CartDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  clear(@CurrentUser() user: AuthUser, @Query() query: CartOwnerQueryDto): Promise<CartDto> {
    return this.cart.clear(user, query.userId);
  }
}
