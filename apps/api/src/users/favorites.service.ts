import { Injectable } from '@nestjs/common';
import { FavoriteProductsRepository, UsersRepository } from '@shop/database';
import type { AuthUser } from '../auth/auth-user';
import { badRequest, notFound } from '../common/domain-error';
import { FavoriteProductDto } from './dto/favorite.dto';
import { parseObjectId } from '../common/object-id';

/** More favourites than anyone browses; keeps the user record small. */
export const MAX_FAVORITES = 500;

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');

@Injectable()
export class FavoritesService {
  constructor(
    private readonly users: UsersRepository,
    private readonly products: FavoriteProductsRepository,
  ) {}

  async list(caller: AuthUser): Promise<FavoriteProductDto[]> {
    const ids = (await this.users.favoriteIds(caller.objectId)) ?? [];
    return (await this.products.findShown(ids)).map((p) => FavoriteProductDto.from(p));
  }

  /** Adds a shown product; one already in the list is ignored. */
  async add(caller: AuthUser, productIdText: string): Promise<FavoriteProductDto[]> {
    const productId = parseObjectId(productIdText);
    if (!productId || !(await this.products.isShown(productId))) throw productNotFound();
    const ids = (await this.users.favoriteIds(caller.objectId)) ?? [];
    if (!ids.some((id) => id.equals(productId))) {
      if (ids.length >= MAX_FAVORITES) throw badRequest('TOO_MANY_FAVORITES', `A favourites list holds at most ${MAX_FAVORITES} products`);
      await this.users.addFavorite(caller.objectId, productId);
    }
    return this.list(caller);
  }

  /** Removes a product from the list (also one no longer in the shop). */
  async remove(caller: AuthUser, productIdText: string): Promise<FavoriteProductDto[]> {
    const productId = parseObjectId(productIdText);
    if (!productId) throw productNotFound();
    const ids = (await this.users.favoriteIds(caller.objectId)) ?? [];
    if (!ids.some((id) => id.equals(productId)) && !(await this.products.isShown(productId))) throw productNotFound();
    await this.users.removeFavorite(caller.objectId, productId);
    return this.list(caller);
  }
}
