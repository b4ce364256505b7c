import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { IdParam } from '../common/object-id';
import { AddFavoriteDto, FavoriteProductDto } from './dto/favorite.dto';
import { FavoritesService } from './favorites.service';
import { NoQuery } from '../common/list-query';

/** The signed-in user's favourite products: /api/users/favorites. Every call answers the whole list. */
@ApiTags('users')
@Controller('users/favorites')
export class FavoritesController {
  constructor(private readonly favorites: FavoritesService) {}

  @Get()
  @Auth()
  @ApiOperation({ summary: 'The favourite products of the signed-in user' })
  @ApiOkResponse({ type: FavoriteProductDto, isArray: true })
  list(@NoQuery() _query: undefined, @CurrentUser() user: AuthUser): Promise<FavoriteProductDto[]> {
    return this.favorites.list(user);
  }

  @Post()
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'Add a product to the favourites (one already there is ignored)' })
  @ApiOkResponse({ type: FavoriteProductDto, isArray: true })
  @ApiErrors('PRODUCT_NOT_FOUND', 'TOO_MANY_FAVORITES')
  add(@CurrentUser() user: AuthUser, @Body() dto: AddFavoriteDto): Promise<FavoriteProductDto[]> {
    return this.favorites.add(user, dto.productId);
  }

  @Delete(':productId')
  @Auth()
  @ApiOperation({ summary: 'Remove a product from the favourites' })
  @ApiOkResponse({ type: FavoriteProductDto, isArray: true })
  @ApiErrors('PRODUCT_NOT_FOUND')
  remove(
    @CurrentUser() user: AuthUser,
    @IdParam('productId', 'PRODUCT_NOT_FOUND', 'Product not found') productId: string,
  ): Promise<FavoriteProductDto[]> {
    return this.favorites.remove(user, productId);
  }
}
