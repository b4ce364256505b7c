import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsMongoId,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Trim } from '../../common/transforms';
import { SHOP_SORT_MESSAGE, SHOP_SORTS, type ShopSort } from './shop-sort';
/** Image references: one of our uploads, or an absolute http(s) URL. */
export const IMAGE_URL = /^(\/api\/images\/[0-9a-f]{24}|https?:\/\/[^\s"'<>]{1,500})$/i;
const IMAGE_URL_MESSAGE = 'Images must be /api/images/<id> (from POST /api/upload) or an http(s) URL';

type Raw = { value: unknown };

/** Multipart sends text: "12.5" becomes 12.5; anything else is left for the validators to refuse. */
const toNumber = ({ value }: Raw): unknown => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value);
const toBoolean = ({ value }: Raw): unknown => (value === 'true' ? true : value === 'false' ? false : value);
const fromJson = ({ value }: Raw): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
const emptyToNull = ({ value }: Raw): unknown => (value === '' || value === 'null' ? null : toNumber({ value }));

export class VariantInputDto {
  @ApiProperty({ example: 'TEE-M-RED' })
  @Trim()
  @IsString({ message: 'Variant sku is required' })
  @IsNotEmpty({ message: 'Variant sku is required' })
  @MaxLength(60)
  sku!: string;

  @ApiPropertyOptional({ example: 'M' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(20)
  size?: string;

  @ApiPropertyOptional({ example: 'red' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(30)
  colour?: string;

  @ApiPropertyOptional({ description: "Dollars, when it differs from the product's price", example: 21.5 })
  @IsOptional()
  @Transform(toNumber)
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'Variant price must be a number with at most two decimals' })
  @Min(0, { message: 'Price must be positive' })
  @Max(1_000_000)
  price?: number;

  @ApiProperty({ example: 5 })
  @Transform(toNumber)
  @IsInt({ message: 'Variant countInStock must be a whole number' })
  @Min(0, { message: 'Quantity must be positive' })
  @Max(1_000_000)
  countInStock!: number;

  @ApiPropertyOptional({ example: '/api/images/665f1c2e9d1e8a0012345678' })
  @IsOptional()
  @IsString()
  @Matches(IMAGE_URL, { message: IMAGE_URL_MESSAGE })
  image?: string;
}

const toVariants = ({ value }: Raw): unknown => {
  const parsed = fromJson({ value });
  return Array.isArray(parsed) ? parsed.map((v: unknown) => (v && typeof v === 'object' ? plainToInstance(VariantInputDto, v) : v)) : parsed;
};

/**
 * A product as admins and distributors send it: JSON (POST /api/products, PUT) or multipart text fields
 * (POST /api/products/add, PUT), where numbers, booleans, specifications and variants arrive as text.
 */
export class ProductInputDto {
  @ApiProperty({ example: 'Linen shirt', maxLength: 120 })
  @Trim()
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(120)
  name!: string;

  @ApiProperty({ maxLength: 5000 })
  @Trim()
  @IsString({ message: 'Description is required' })
  @IsNotEmpty({ message: 'Description is required' })
  @MaxLength(5000)
  description!: string;

  @ApiProperty({ description: 'Dollars', example: 19.99 })
  @Transform(toNumber)
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'Price must be a number with at most two decimals' })
  @Min(0, { message: 'Price must be positive' })
  @Max(1_000_000)
  price!: number;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Dollars: the price before a sale (null removes it)', example: 29.99 })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_o, v) => v !== null)
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'compareAtPrice must be a number with at most two decimals' })
  @Min(0, { message: 'Price must be positive' })
  @Max(1_000_000)
  compareAtPrice?: number | null;

  @ApiProperty({ description: 'Category id', example: '665f1c2e9d1e8a0012345678' })
  @IsMongoId({ message: 'Category is required' })
  category!: string;

  @ApiProperty({ example: 'Threadline', maxLength: 60 })
  @Trim()
  @IsString({ message: 'Brand is required' })
  @IsNotEmpty({ message: 'Brand is required' })
  @MaxLength(60)
  brand!: string;

  @ApiPropertyOptional({
    description: 'Units available: the same stock as countInStock (both given must be equal; with variants, their sum)',
    example: 10,
  })
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'Quantity must be a whole number' })
  @Min(0, { message: 'Quantity must be positive' })
  @Max(1_000_000)
  quantity?: number;

  @ApiPropertyOptional({
    description:
      'Units that can be sold. With variants it is their sum: leave it out, or send that sum (a different value answers 400 STOCK_MISMATCH)',
    example: 10,
  })
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'countInStock must be a whole number' })
  @Min(0, { message: 'Quantity must be positive' })
  @Max(1_000_000)
  countInStock?: number;

  @ApiPropertyOptional({ description: 'Main image URL (JSON); multipart sends the file as `image`' })
  @IsOptional()
  @IsString()
  @Matches(IMAGE_URL, { message: IMAGE_URL_MESSAGE })
  image?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 4, description: 'Image URLs (JSON); multipart sends files as `additionalImages`' })
  @IsOptional()
  @Transform(fromJson)
  @IsArray()
  @ArrayMaxSize(4, { message: 'Maximum 4 additional images allowed' })
  @IsString({ each: true })
  @Matches(IMAGE_URL, { each: true, message: IMAGE_URL_MESSAGE })
  additionalImages?: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Key/value pairs (JSON text in multipart)',
    example: { Material: 'Linen' },
  })
  @IsOptional()
  @Transform(fromJson)
  @IsObject({ message: 'specifications must be an object of texts' })
  specifications?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Admins only: shown in the special products showcase' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  isSpecial?: boolean;

  @ApiPropertyOptional({ enum: ['draft', 'pending', 'published'], description: "Admins only; a distributor's product is always pending review" })
  @IsOptional()
  @IsIn(['draft', 'pending', 'published'])
  status?: 'draft' | 'pending' | 'published';

  @ApiPropertyOptional({ type: [VariantInputDto], description: 'Sizes and colours with their own stock (JSON text in multipart)' })
  @IsOptional()
  @Transform(toVariants)
  @IsArray({ message: 'variants must be a list' })
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  variants?: VariantInputDto[];
}

export class ProductUpdateDto extends PartialType(ProductInputDto) {}

/** Swagger shape of the multipart forms (files plus the text fields). */
export class ProductFormDto extends ProductInputDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'Main image file (JPEG, PNG, WebP, GIF or AVIF, at most 5 MB)' })
  declare image?: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 4 })
  declare additionalImages?: string[];
}

export class ReviewInputDto {
  @ApiProperty({ minimum: 1, maximum: 5, example: 5, description: 'A whole number of stars' })
  @IsInt({ message: 'Rating must be a whole number from 1 to 5' })
  @Min(1, { message: 'Rating must be a whole number from 1 to 5' })
  @Max(5, { message: 'Rating must be a whole number from 1 to 5' })
  rating!: number;

  @ApiProperty({ minLength: 1, maxLength: 500, example: 'Fits well, soft fabric.' })
  @Trim()
  @IsString({ message: 'Review cannot be empty' })
  @IsNotEmpty({ message: 'Review cannot be empty' })
  @MaxLength(500, { message: 'Review must be at most 500 characters' })
  comment!: string;
}

export class RejectInputDto {
  @ApiProperty({ example: 'Photos are blurry', maxLength: 500 })
  @Trim()
  @IsString({ message: 'A rejection note is required' })
  @IsNotEmpty({ message: 'A rejection note is required' })
  @MaxLength(500)
  note!: string;
}

/** An optional whole number from 1 to max, refused with one message naming the field and the bounds. */
function OptionalWholeNumber(field: string, max: number, description: string): PropertyDecorator {
  const message = `${field} must be a whole number from 1 to ${max}`;
  return applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, description }),
    IsOptional(),
    IsInt({ message }),
    Min(1, { message }),
    Max(max, { message }),
  );
}

export class FilteredProductsInputDto {
  @ApiPropertyOptional({ type: [String], description: 'Category ids (none: every category)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsMongoId({ each: true, message: 'checked must be a list of category ids' })
  checked?: string[];

  @ApiPropertyOptional({ type: [Number], description: '[min, max] price in dollars (empty: any price)', example: [0, 50] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2, { message: 'radio must be [min, max]' })
  @IsNumber({}, { each: true, message: 'radio must be [min, max]' })
  radio?: number[];

  @ApiPropertyOptional({
    maxLength: 1000,
    description: 'Search text, as the search of GET /api/products (name, brand, description, category name; the first 100 characters count)',
  })
  @IsOptional()
  @MaxLength(1000, { message: 'search must be at most 1000 characters' })
  @IsString({ message: 'search must be text' })
  search?: string;

  @OptionalWholeNumber(
    'page',
    10_000,
    'With page or pageSize the answer is that page, with X-Total-Count and Content-Range; without both, the first 500 products',
  )
  page?: number;

  @OptionalWholeNumber('pageSize', 100, 'Products per page (default 12)')
  pageSize?: number;

  @ApiPropertyOptional({
    enum: SHOP_SORTS,
    default: 'newest',
    description:
      'Order: `newest` (default, newest first), `price_asc` (cheapest first), `price_desc` (most expensive first), `top_rated` (highest average rating first)',
  })
  @IsOptional()
  @IsIn(SHOP_SORTS, { message: SHOP_SORT_MESSAGE })
  sort?: ShopSort;
}
