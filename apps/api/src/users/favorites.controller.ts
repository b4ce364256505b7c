import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { AddFavoriteDto, FavoriteProductDto } from './dto/favorite.dto';
import { FavoritesService } from './favorites.service';

/** The signed-in user's favourite products: /api/users/favorites. Every call answers the whole list. */
@ApiTags('users')
@Controller('users/favorites')
export class FavoritesController {
  constructor(private readonly favorites: FavoritesService) {}

  @Get()
  @Auth()
  @ApiOperation({ summary: 'The favourite products of the signed-in user' })
  @ApiOkResponse({ type: FavoriteProductDto, isArray: true })
  list(@CurrentUser() user: AuthUser): Promise<FavoriteProductDto[]> {
    return this.favorites.list(user);
  }

  @Post()
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'Add a product to the favourites (one already there is ignored)' })
  @ApiOkResponse({ type: FavoriteProductDto, isArray: true })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Product not found' })
  add(@CurrentUser() user: AuthUser, @Body() dto: AddFavoriteDto): Promise<FavoriteProductDto[]> {
    return this.favorites.add(user, dto.productId);
  }

  @Delete(':productId')
  @Auth()
  @ApiOperation({ summary: 'Remove a product from the favourites' })
  @ApiOkResponse({ type: FavoriteProductDto, isArray: true })
  @ApiNotFoundResponse({ type: ErrorBody, description: 'Product not found' })
  remove(@CurrentUser() user: AuthUser, @Param('productId') productId: string): Promise<FavoriteProductDto[]> {
    return this.favorites.remove(user, productId);
  }
}
