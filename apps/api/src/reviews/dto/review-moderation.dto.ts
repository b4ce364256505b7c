import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsMongoId } from 'class-validator';
import { ListQueryDto } from '../../common/list-query';
import { ReviewDto } from '../../products/dto/product.dto';

/** The largest number of reviews one moderation call may change. */
export const MAX_MODERATION_IDS = 100;

/** GET /api/reviews: the list conventions (page/perPage or range, sort, filter). */
export class ReviewListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({
    description:
      '`field`, `-field` or `["field","ASC"|"DESC"]`; fields: createdAt (default, newest first), rating, status, name (the reviewer), productName, id',
    example: '["createdAt","DESC"]',
  })
  declare sort?: string;

  @ApiPropertyOptional({
    description:
      'react-admin: a JSON object with any of `status` (pending, approved, rejected), `product` (product id), `user` (reviewer id), `q` (text in the comment, the reviewer name or the product name)',
    example: '{"status":"pending"}',
  })
  declare filter?: string;
}

export class ReviewProductRefDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: 'Linen shirt' })
  name!: string;
}

export class ReviewAuthorDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678', description: "The reviewer's user id" })
  _id!: string;

  @ApiProperty({ description: "The reviewer's username when they wrote the review" })
  name!: string;
}

/** A review in the moderation list: the review, its product and who wrote it. */
export class ModerationReviewDto extends ReviewDto {
  @ApiProperty({ description: 'The review id (react-admin)' })
  id!: string;

  @ApiProperty({ type: ReviewProductRefDto })
  product!: ReviewProductRefDto;

  @ApiProperty({ type: ReviewAuthorDto })
  author!: ReviewAuthorDto;
}

const IDS_MESSAGE = `ids must be a list of 1 to ${MAX_MODERATION_IDS} review ids`;

/** PATCH or PUT /api/reviews/status: approve or reject reviews at once. */
export class ReviewStatusInputDto {
  @ApiProperty({ type: [String], minItems: 1, maxItems: MAX_MODERATION_IDS, description: 'Review ids', example: ['665f1c2e9d1e8a0012345678'] })
  @IsArray({ message: IDS_MESSAGE })
  @ArrayMinSize(1, { message: IDS_MESSAGE })
  @ArrayMaxSize(MAX_MODERATION_IDS, { message: IDS_MESSAGE })
  @IsMongoId({ each: true, message: 'Each id must be a review id' })
  ids!: string[];

  @ApiProperty({ enum: ['approved', 'rejected'] })
  @IsIn(['approved', 'rejected'], { message: 'status must be approved or rejected' })
  status!: 'approved' | 'rejected';
}

/** A product's counts after a moderation. */
export class ProductRatingDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: 4.5, description: 'Average rating of the approved reviews' })
  rating!: number;

  @ApiProperty({ description: 'How many approved reviews there are' })
  numReviews!: number;
}

export class ReviewStatusResultDto {
  @ApiProperty({ enum: ['approved', 'rejected'] })
  status!: 'approved' | 'rejected';

  @ApiProperty({ type: [String], description: 'Reviews now in that status (changed, or already in it)' })
  ids!: string[];

  @ApiProperty({ type: [String], description: 'Ids that name no review (nothing was done for them)' })
  missing!: string[];

  @ApiProperty({ type: [ProductRatingDto], description: 'Every product whose reviews were named, with its rating and numReviews recomputed' })
  products!: ProductRatingDto[];
}

/** GET /api/reviews/counts: reviews per status under the list's other filters; `all` is the sum. */
export class ReviewCountsDto {
  @ApiProperty() all!: number;
  @ApiProperty() pending!: number;
  @ApiProperty() approved!: number;
  @ApiProperty() rejected!: number;
}
