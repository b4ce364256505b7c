import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { FavoriteProduct } from '@shop/database';

export class AddFavoriteDto {
  /** The product's _id. */
  @IsString({ message: 'productId must be a product id' })
  @MaxLength(64)
  productId!: string;
}

/** A product in the favourites list. */
export class FavoriteProductDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ example: 'Linen shirt' })
  name!: string;

  @ApiProperty({ example: 49.99, description: 'Dollars, two decimals' })
  price!: number;

  @ApiProperty({ example: '/api/images/665f1c2e9d1e8a0012345679' })
  image!: string;

  @ApiProperty()
  brand!: string;

  @ApiProperty()
  countInStock!: number;

  @ApiProperty()
  rating!: number;

  @ApiProperty()
  numReviews!: number;

  static from(product: FavoriteProduct): FavoriteProductDto {
    const id = product._id.toString();
    return {
      _id: id,
      id,
      name: product.name,
      price: Math.round(product.priceCents) / 100,
      image: product.image,
      brand: product.brand,
      countInStock: product.countInStock,
      rating: product.rating,
      numReviews: product.numReviews,
    };
  }
}
