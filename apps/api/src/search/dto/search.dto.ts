import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsMongoId, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import { ProductDto } from '../../products/dto/product.dto';
import { SEARCH_SORTS, type SearchSort } from '../search-catalogue';

/** A filter that may repeat (`size=40&size=41`) or list its values with commas (`size=40,41`). */
function listOf({ value }: { value: unknown }): unknown {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((v) => typeof v === 'string')) return value;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}
const LIST = { each: true, message: '$property must be text' };
const number = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value);
const integer = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);
const PAGE_SIZE_MESSAGE = 'pageSize must be a whole number from 1 to 100';

/** GET /api/search: the text, the facets' filters, the order and the page. */
export class SearchQueryDto {
  @ApiPropertyOptional({
    description:
      'Search text: every word must match, in any order; typos are forgiven (one from 4 letters, two from 8); the last word matches as a prefix. The first 100 characters count.',
    example: 'leather boots',
  })
  @IsOptional()
  @IsString({ message: 'q must be given once, as text' })
  q?: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Category ids (repeat the parameter or separate with commas); any of them',
    example: '665f1c2e9d1e8a0012345678',
  })
  @IsOptional()
  @Transform(listOf)
  @IsArray()
  @ArrayMaxSize(50)
  @IsMongoId({ each: true, message: 'category must be a list of ids' })
  category?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Brands, any of them', example: 'Stride Lab' })
  @IsOptional()
  @Transform(listOf)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString(LIST)
  brand?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Sizes, any of them (a product matches when it offers one)', example: '40' })
  @IsOptional()
  @Transform(listOf)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString(LIST)
  size?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Colours, any of them', example: 'Black' })
  @IsOptional()
  @Transform(listOf)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString(LIST)
  colour?: string[];

  @ApiPropertyOptional({ description: 'Lowest price in dollars, included', example: 25 })
  @IsOptional()
  @Transform(number)
  @IsNumber({}, { message: 'minPrice must be a number of dollars' })
  @Min(0, { message: 'minPrice must be 0 or more' })
  @Max(1_000_000, { message: 'minPrice must be at most 1000000' })
  minPrice?: number;

  @ApiPropertyOptional({ description: 'Highest price in dollars, included', example: 50 })
  @IsOptional()
  @Transform(number)
  @IsNumber({}, { message: 'maxPrice must be a number of dollars' })
  @Min(0, { message: 'maxPrice must be 0 or more' })
  @Max(1_000_000, { message: 'maxPrice must be at most 1000000' })
  maxPrice?: number;

  @ApiPropertyOptional({ description: 'Only products that can be bought (with size or colour: in that size or colour)', example: true })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))
  @IsBoolean({ message: 'inStock must be true or false' })
  inStock?: boolean;

  @ApiPropertyOptional({
    enum: SEARCH_SORTS,
    description: 'Order: relevance (the default with q), newest (the default without), price_asc, price_desc, top_rated',
  })
  @IsOptional()
  @IsIn(SEARCH_SORTS, { message: `sort must be one of ${SEARCH_SORTS.join(', ')}` })
  sort?: SearchSort;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Page, from 1' })
  @IsOptional()
  @Transform(integer)
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1, { message: 'page must be a whole number from 1' })
  @Max(10_000, { message: 'page must be at most 10000' })
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, description: 'Products per page (default 12)' })
  @IsOptional()
  @Transform(integer)
  @IsInt({ message: PAGE_SIZE_MESSAGE })
  @Min(1, { message: PAGE_SIZE_MESSAGE })
  @Max(100, { message: PAGE_SIZE_MESSAGE })
  pageSize?: number;
}

/** A product as a card in the shop's grid shows it: the product's own fields, no more. */
export class ProductCardDto extends PickType(ProductDto, [
  '_id',
  'id',
  'name',
  'slug',
  'price',
  'compareAtPrice',
  'brand',
  'image',
  'images',
  'rating',
  'numReviews',
  'countInStock',
  'category',
  'variants',
] as const) {}

export class FacetValueDto {
  @ApiProperty({ description: 'What to send back to choose it (an id for categories, "25-50" for prices, "true" for in stock)' })
  value!: string;

  @ApiProperty({ description: 'What to show' })
  label!: string;

  @ApiProperty({ description: 'Products the answer would hold with this value chosen (and every other filter kept)' })
  count!: number;
}

export class SearchFacetsDto {
  @ApiProperty({ type: [FacetValueDto] })
  category!: FacetValueDto[];

  @ApiProperty({ type: [FacetValueDto] })
  brand!: FacetValueDto[];

  @ApiProperty({ type: [FacetValueDto] })
  size!: FacetValueDto[];

  @ApiProperty({ type: [FacetValueDto] })
  colour!: FacetValueDto[];

  @ApiProperty({ type: [FacetValueDto], description: 'Price ranges in dollars, both ends included: send minPrice and maxPrice' })
  price!: FacetValueDto[];

  @ApiProperty({ type: [FacetValueDto] })
  inStock!: FacetValueDto[];
}

export class SearchResultDto {
  @ApiProperty({ type: [ProductCardDto] })
  hits!: ProductCardDto[];

  @ApiProperty({ description: 'Products matching the text and every filter' })
  total!: number;

  @ApiProperty()
  page!: number;

  @ApiProperty()
  pageSize!: number;

  @ApiProperty({ type: SearchFacetsDto })
  facets!: SearchFacetsDto;

  @ApiProperty({ type: String, nullable: true, description: 'With no hits: a corrected text that finds products ("Did you mean …")' })
  suggestion!: string | null;

  @ApiProperty({ type: [ProductCardDto], description: 'With no hits: popular products to offer instead; else empty' })
  popular!: ProductCardDto[];
}

export class SynonymsDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'string' } },
    example: [
      ['tee', 't-shirt'],
      ['trainers', 'sneakers'],
    ],
    description: 'Groups of words that mean the same: a search for one finds the others',
  })
  groups!: string[][];
}

const GROUPS_MESSAGE = 'groups must be a list of at most 200 groups, each of 2 to 20 words or phrases of 1 to 40 characters';

export class SynonymsInputDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 40 }, minItems: 2, maxItems: 20 },
    maxItems: 200,
  })
  @IsArray({ message: GROUPS_MESSAGE })
  @ArrayMaxSize(200, { message: GROUPS_MESSAGE })
  @IsArray({ each: true, message: GROUPS_MESSAGE })
  @ArrayMinSize(2, { each: true, message: GROUPS_MESSAGE })
  @ArrayMaxSize(20, { each: true, message: GROUPS_MESSAGE })
  groups!: string[][];
}

/** Checks the words of synonym groups (class-validator cannot reach into nested arrays). */
export function synonymWordsValid(groups: string[][]): boolean {
  return groups.every((group) => group.every((word) => typeof word === 'string' && word.trim().length >= 1 && word.trim().length <= 40));
}

export class SearchMissDto {
  @ApiProperty({ example: 'raincoat' })
  query!: string;

  @ApiProperty({ description: 'Searches of this text that found nothing' })
  count!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  lastSearchedAt!: string;
}

export class SearchMissesDto {
  @ApiProperty({ type: [SearchMissDto] })
  items!: SearchMissDto[];
}

export class SearchMissesQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, description: 'How many (default 20)' })
  @IsOptional()
  @Transform(integer)
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  limit?: number;
}
