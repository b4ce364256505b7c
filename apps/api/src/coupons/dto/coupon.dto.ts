import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { COUPON_TYPES, type CouponDocument, type CouponType } from '@shop/database';
import { ListQueryDto } from '../../common/list-query';
import { toDollars } from '../../common/money';
import { Trim } from '../../common/transforms';
import { COUPON_STATES, couponState, type CouponState } from '../coupon-state';

export class CreateCouponDto {
  /** Unique, case-insensitive (stored upper-case). Letters, digits, - and _. */
  @ApiProperty({ example: 'SUMMER10' })
  @Trim()
  @IsString({ message: 'Code must be 3 to 40 letters, digits, - or _' })
  @Matches(/^[A-Za-z0-9_-]{3,40}$/, { message: 'Code must be 3 to 40 letters, digits, - or _' })
  code!: string;

  @ApiPropertyOptional({ example: '10 % off everything' })
  @IsOptional()
  @IsString({ message: 'The description must be text' })
  @MaxLength(200, { message: 'The description must be at most 200 characters' })
  description?: string;

  @ApiProperty({ enum: COUPON_TYPES })
  @IsIn(COUPON_TYPES, { message: 'Type must be percent or fixed' })
  type!: CouponType;

  /** percent: whole percent from 1 to 100; fixed: dollars off (e.g. 5.5). */
  @ApiProperty({ example: 10 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Value must be a number' })
  value!: number;

  /** Smallest cart subtotal in dollars (default 0). */
  @ApiPropertyOptional({ example: 50 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'The minimum subtotal must be a number' })
  @Min(0, { message: 'The minimum subtotal cannot be negative' })
  minSubtotal?: number;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @IsISO8601({}, { message: 'The start date must be a date and time' })
  startsAt?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @IsISO8601({}, { message: 'The end date must be a date and time' })
  endsAt?: string | null;

  /** Total redemptions allowed; null or absent = unlimited. */
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1 })
  @IsOptional()
  @IsInt({ message: 'The total number of uses must be a whole number' })
  @Min(1, { message: 'The total number of uses must be at least 1' })
  maxRedemptions?: number | null;

  /** Redemptions per customer; null or absent = unlimited. */
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1 })
  @IsOptional()
  @IsInt({ message: 'The number of uses per customer must be a whole number' })
  @Min(1, { message: 'The number of uses per customer must be at least 1' })
  perCustomerLimit?: number | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'Active must be true or false' })
  active?: boolean;

  /** Listed on the offers page. */
  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'Public must be true or false' })
  public?: boolean;
}

export class UpdateCouponDto extends PartialType(CreateCouponDto) {}

export class ValidateCouponDto {
  @ApiProperty({ example: 'SUMMER10' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'Please enter a coupon code' })
  @MaxLength(40)
  code!: string;
}

/** GET /api/coupons (admins): the list conventions; filter takes q (part of the code), active, public and type. */
export class CouponListQueryDto extends ListQueryDto {
  // Redeclared only to document this resource's fields; validation is ListQueryDto's. (The initializer is what TS asks of a redeclared field.)
  @ApiPropertyOptional({
    description: 'One of createdAt (default, newest first), code, redemptions, endsAt, id: `field`, `-field` or `["field","ASC"|"DESC"]`',
    example: '["code","ASC"]',
  })
  override sort?: string = undefined;

  @ApiPropertyOptional({
    description:
      'A JSON object with any of: q (text found in the code), active and public (true or false), type (' +
      COUPON_TYPES.join(' or ') +
      '), id (a list of ids)',
    example: '{"q":"summer","active":true}',
  })
  override filter?: string = undefined;
}

/** A coupon as admins see it. Money in dollars. */
export class CouponDto {
  @ApiProperty() _id!: string;
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'SUMMER10' }) code!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ enum: COUPON_TYPES }) type!: CouponType;
  /** percent: whole percent; fixed: dollars. */
  @ApiProperty({ example: 10 }) value!: number;
  @ApiProperty({ example: 50 }) minSubtotal!: number;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) startsAt!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) endsAt!: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) maxRedemptions!: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) perCustomerLimit!: number | null;
  @ApiProperty() redemptions!: number;
  @ApiProperty() active!: boolean;
  @ApiProperty() public!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  /**
   * Computed when the coupon is read, from active, startsAt, endsAt and the redemptions: disabled (switched off),
   * scheduled (not started), expired (its end has passed), used_up (every allowed use taken) or active. It matches
   * the refusal a customer gets at that moment (expired ⇔ COUPON_EXPIRED).
   */
  @ApiProperty({ enum: COUPON_STATES, example: 'active' }) state!: CouponState;

  static from(c: CouponDocument, now: Date = new Date()): CouponDto {
    const id = c._id.toString();
    return {
      _id: id,
      id,
      code: c.code,
      description: c.description ?? null,
      type: c.type,
      value: c.type === 'fixed' ? toDollars(c.value) : c.value,
      minSubtotal: toDollars(c.minSubtotalCents),
      startsAt: c.startsAt ? c.startsAt.toISOString() : null,
      endsAt: c.endsAt ? c.endsAt.toISOString() : null,
      maxRedemptions: c.maxRedemptions ?? null,
      perCustomerLimit: c.perCustomerLimit ?? null,
      redemptions: c.redemptions,
      active: c.active,
      public: c.public,
      createdAt: c.createdAt.toISOString(),
      state: couponState(c, now),
    };
  }
}

/** A coupon as the offers page shows it (no counters). */
export class PublicCouponDto {
  @ApiProperty() code!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ enum: COUPON_TYPES }) type!: CouponType;
  @ApiProperty({ example: 10 }) value!: number;
  @ApiProperty({ example: 50 }) minSubtotal!: number;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) endsAt!: string | null;

  static from(c: CouponDocument): PublicCouponDto {
    const full = CouponDto.from(c);
    return { code: full.code, description: full.description, type: full.type, value: full.value, minSubtotal: full.minSubtotal, endsAt: full.endsAt };
  }
}

/** The preview of a coupon on the caller's cart: the discount, or why it does not apply. */
export class CouponPreviewDto {
  @ApiProperty() valid!: boolean;
  @ApiProperty({ example: 'SUMMER10' }) code!: string;
  /** Why it does not apply, or a confirmation. */
  @ApiProperty({ example: 'Coupon applied: you save $5.00' }) reason!: string;
  @ApiPropertyOptional({ nullable: true, type: String, example: 'COUPON_EXPIRED' }) reasonCode!: string | null;
  @ApiPropertyOptional({ enum: COUPON_TYPES, nullable: true }) type!: CouponType | null;
  @ApiProperty({ example: 50 }) subtotal!: number;
  @ApiProperty({ example: 5 }) discount!: number;
  /** Subtotal minus discount, before tax (shipping is free). */
  @ApiProperty({ example: 45 }) totalAfterDiscount!: number;
}
