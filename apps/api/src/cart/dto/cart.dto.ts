import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsMongoId, IsOptional, IsString, Length, Max, Min, ValidateIf } from 'class-validator';

const QUANTITY = 'Quantity must be a whole number from 1 to 99';

/** POST /api/cart: adds to the quantity already in the cart. The price always comes from the catalog. */
export class AddToCartDto {
  /** Optional and never needed: the cart is always the caller's; any id but the caller's own answers 403 CART_FORBIDDEN. */
  @ApiPropertyOptional({ example: '665f1c2e9d1e8a0012345678' })
  @IsOptional()
  @IsMongoId({ message: 'userId must be an id' })
  userId?: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345679' })
  @IsMongoId({ message: 'productId must be an id' })
  productId!: string;

  /** Units to add (default 1). */
  @ApiPropertyOptional({ minimum: 1, maximum: 99, default: 1 })
  @ValidateIf((_dto, value) => value !== undefined)
  @IsInt({ message: QUANTITY })
  @Min(1, { message: QUANTITY })
  @Max(99, { message: QUANTITY })
  quantity?: number;

  /** Required for a product with variants. */
  @ApiPropertyOptional({ example: 'TEE-BLK-M' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  variantSku?: string;
}

/** PUT /api/cart/update: sets the quantity of a line. */
export class UpdateCartDto {
  /** Optional and never needed: the cart is always the caller's; any id but the caller's own answers 403 CART_FORBIDDEN. */
  @ApiPropertyOptional({ example: '665f1c2e9d1e8a0012345678' })
  @IsOptional()
  @IsMongoId({ message: 'userId must be an id' })
  userId?: string;

  @ApiProperty({ example: '665f1c2e9d1e8a0012345679' })
  @IsMongoId({ message: 'productId must be an id' })
  productId!: string;

  @ApiProperty({ minimum: 1, maximum: 99 })
  @IsInt({ message: QUANTITY })
  @Min(1, { message: QUANTITY })
  @Max(99, { message: QUANTITY })
  quantity!: number;

  @ApiPropertyOptional({ example: 'TEE-BLK-M' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  variantSku?: string;
}

/**
 * The query of GET and DELETE /api/cart. The cart is always the caller's: userId is accepted because the spec
 * names it (GET /api/cart?userId=), and only checked: any id but the caller's own answers 403 CART_FORBIDDEN,
 * for admins too. Leave it out.
 */
export class CartOwnerQueryDto {
  @ApiPropertyOptional({
    description:
      "Optional and never needed: the cart is always the caller's. When given it must be the caller's own id; any other answers 403 CART_FORBIDDEN (admins too).",
    example: '665f1c2e9d1e8a0012345678',
  })
  @IsOptional()
  @IsMongoId({ message: 'userId must be an id' })
  userId?: string;
}

export class RemoveCartItemQueryDto extends CartOwnerQueryDto {
  @ApiPropertyOptional({ description: 'The variant line to remove' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  variantSku?: string;
}

export class CartVariantDto {
  @ApiProperty() sku!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) size!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) colour!: string | null;
}

export class CartLineDto {
  @ApiProperty() productId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() image!: string;
  /** Current catalog price in dollars. */
  @ApiProperty({ example: 19.99 }) price!: number;
  @ApiProperty() quantity!: number;
  @ApiPropertyOptional({ type: CartVariantDto, nullable: true }) variant!: CartVariantDto | null;
  /** Units in stock right now. */
  @ApiProperty() countInStock!: number;
  /** price × quantity, in dollars. */
  @ApiProperty({ example: 39.98 }) lineTotal!: number;
}

/** The cart as the API shows it. */
export class CartDto {
  @ApiProperty() userId!: string;
  @ApiProperty({ type: [CartLineDto] }) items!: CartLineDto[];
  /** Sum of the quantities (the cart badge). */
  @ApiProperty() totalQuantity!: number;
  /** In dollars, from current catalog prices. */
  @ApiProperty({ example: 59.97 }) subtotal!: number;
}
