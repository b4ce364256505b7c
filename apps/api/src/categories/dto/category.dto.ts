import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { CategoryRecord } from '@shop/database';

export class CategoryInputDto {
  /** Unique ignoring case. */
  @ApiProperty({ example: 'Jackets', maxLength: 60 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Category name is required' })
  @IsNotEmpty({ message: 'Category name is required' })
  @MaxLength(60, { message: 'Category name must be at most 60 characters' })
  name!: string;
}

export class CategoryDto {
  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  _id!: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345678' })
  id!: string;

  @ApiProperty({ example: 'Jackets' })
  name!: string;

  @ApiProperty({ example: 'jackets' })
  slug!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;

  /** Admins only: the products in it, of every status (a category with products cannot be deleted). */
  @ApiPropertyOptional({ example: 12, minimum: 0 })
  productCount?: number;

  static from(category: CategoryRecord, productCount?: number): CategoryDto {
    const id = category._id.toString();
    return {
      _id: id,
      id,
      name: category.name,
      slug: category.slug,
      createdAt: new Date(category.createdAt).toISOString(),
      updatedAt: new Date(category.updatedAt).toISOString(),
      ...(productCount === undefined ? {} : { productCount }),
    };
  }
}

/** What DELETE answers: the removed category and a message. */
export class CategoryDeletedDto extends CategoryDto {
  @ApiProperty({ example: 'Jackets is deleted.' })
  message!: string;
}
