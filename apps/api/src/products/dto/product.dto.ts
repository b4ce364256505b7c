import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PRODUCT_STATUSES, REVIEW_STATUSES, type ProductStatus, type ReviewStatus } from '@shop/database';

export class ProductCategoryRefDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: 'Jackets' })
  name!: string;
}

/** One entry of a srcset: a WebP thumbnail of the main image. */
export class ProductImageDto {
  @ApiProperty({ example: 320 })
  width!: number;

  @ApiProperty({ example: '/api/images/665f1c2e9d1e8a0012345678?w=320' })
  url!: string;
}

export class ReviewDto {
  @ApiProperty()
  _id!: string;

  @ApiProperty({ description: "The reviewer's username" })
  name!: string;

  @ApiProperty({ minimum: 1, maximum: 5 })
  rating!: number;

  @ApiProperty({ description: 'Plain text, never HTML' })
  comment!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ description: 'The reviewer has ordered this product' })
  verifiedPurchase!: boolean;

  @ApiProperty({
    enum: REVIEW_STATUSES,
    description:
      "Moderation: only approved reviews are shown to shoppers and count in the product's rating; a new review is approved at once unless REVIEW_MODERATION=pre",
  })
  status!: ReviewStatus;
}

export class VariantDto {
  @ApiProperty({ example: 'TEE-M-RED' })
  sku!: string;

  @ApiProperty({ type: String, nullable: true, example: 'M' })
  size!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'red' })
  colour!: string | null;

  @ApiProperty({ description: "Dollars: the variant's own price, or the product's", example: 19.99 })
  price!: number;

  @ApiProperty()
  countInStock!: number;

  @ApiProperty({ type: String, nullable: true })
  image!: string | null;
}

export class ProductDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  slug!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ description: 'Dollars', example: 19.99 })
  price!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Dollars: the price before a sale', example: 29.99 })
  compareAtPrice!: number | null;

  @ApiProperty({ type: ProductCategoryRefDto, nullable: true })
  category!: ProductCategoryRefDto | null;

  @ApiProperty()
  brand!: string;

  @ApiProperty({ description: 'Units available (the same number as countInStock)' })
  quantity!: number;

  @ApiProperty({ description: 'Units that can be sold; with variants, the sum of theirs' })
  countInStock!: number;

  @ApiProperty({ example: '/api/images/665f1c2e9d1e8a0012345678' })
  image!: string;

  @ApiProperty({ type: [ProductImageDto], description: 'srcset-ready thumbnails of the main image (empty for external images)' })
  images!: ProductImageDto[];

  @ApiProperty({ type: [String] })
  additionalImages!: string[];

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { Material: 'Cotton' } })
  specifications!: Record<string, string>;

  @ApiProperty({ example: 4.5, description: 'Average rating of the approved reviews' })
  rating!: number;

  @ApiProperty({ description: 'How many approved reviews there are' })
  numReviews!: number;

  @ApiPropertyOptional({ type: [ReviewDto], description: 'Only on GET /api/products/{id}: the approved reviews' })
  reviews?: ReviewDto[];

  @ApiProperty()
  isSpecial!: boolean;

  @ApiProperty({ enum: PRODUCT_STATUSES })
  status!: ProductStatus;

  @ApiProperty({ type: String, nullable: true })
  rejectionNote!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Id of the user who created it' })
  owner!: string | null;

  @ApiProperty({ type: [VariantDto] })
  variants!: VariantDto[];

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;
}

export class ProductDeletedDto {
  @ApiProperty({ example: 'Product removed' })
  message!: string;

  @ApiProperty()
  _id!: string;

  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;
}

/** The caller's own review of a product, so a shop shows it instead of a second review form. */
export class MyReviewDto {
  @ApiProperty({ type: ReviewDto, nullable: true, description: 'null when the caller has not reviewed this product' })
  review!: ReviewDto | null;
}

export class ReviewResultDto {
  @ApiProperty({ example: 'Review added' })
  message!: string;

  @ApiPropertyOptional({ type: ReviewDto })
  review?: ReviewDto;

  @ApiProperty({ description: 'New average rating', example: 4.5 })
  rating!: number;

  @ApiProperty()
  numReviews!: number;
}
