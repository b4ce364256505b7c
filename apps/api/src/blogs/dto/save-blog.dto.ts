import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDate, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Trim } from '../../common/transforms';

/** An image uploaded to the shop: /api/images/<id>. */
export const IMAGE_URL = /^\/api\/images\/[0-9a-f]{24}$/;

export class CreateBlogDto {
  @ApiProperty({ example: 'Ten looks for summer', maxLength: 160 })
  @Trim()
  @MaxLength(160, { message: 'Title must have at most 160 characters' })
  @IsNotEmpty({ message: 'Title is required' })
  @IsString({ message: 'Title is required' })
  title!: string;

  @ApiPropertyOptional({ description: 'Wanted slug; made URL-safe and unique (made from the title when absent)', example: 'ten-looks-for-summer' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(80, { message: 'Slug must have at most 80 characters' })
  slug?: string;

  @ApiPropertyOptional({ maxLength: 400 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(400, { message: 'Excerpt must have at most 400 characters' })
  excerpt?: string;

  @ApiProperty({ description: 'Markdown; rendered to sanitised HTML on the server', maxLength: 100000 })
  @Length(1, 100_000, { message: 'Body must have 1 to 100000 characters' })
  @IsString({ message: 'Body is required' })
  body!: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'An uploaded image: /api/images/<id>',
    example: '/api/images/665f1c2e9d1e8a0012345678',
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @Matches(IMAGE_URL, { message: 'Cover image must be an uploaded image (/api/images/<id>)' })
  coverImage?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: 20, example: ['style', 'summer'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20, { message: 'At most 20 tags' })
  @IsString({ each: true })
  @MaxLength(40, { each: true, message: 'A tag has at most 40 characters' })
  tags?: string[];

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'Defaults to the moment of first publication' })
  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'publishedAt must be a date' })
  publishedAt?: Date;
}

export class UpdateBlogDto extends PartialType(CreateBlogDto) {}
