import { ApiProperty } from '@nestjs/swagger';
import type { ContributorStats } from '@shop/database';

/** A distributor's public figures: no e-mail or other private data. */
export class ContributorDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: 'The distributor' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ example: 'Northwind Outfitters', description: 'Store name, else the username' })
  storeName!: string;

  @ApiProperty({ example: 12 })
  publishedProducts!: number;

  @ApiProperty({ example: 4.35, description: 'Average rating over its published products, weighted by reviews (0 without reviews)' })
  averageRating!: number;

  @ApiProperty({ example: 40 })
  reviewCount!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  joinedAt!: string;

  static from(c: ContributorStats): ContributorDto {
    const id = c._id.toString();
    return {
      _id: id,
      id,
      storeName: c.storeName,
      publishedProducts: c.publishedProducts,
      averageRating: c.averageRating,
      reviewCount: c.reviewCount,
      joinedAt: c.joinedAt.toISOString(),
    };
  }
}
