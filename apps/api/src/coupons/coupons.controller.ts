import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-errors';
import { setListHeaders, NoQuery } from '../common/list-query';
import { IdParam } from '../common/object-id';
import { CouponsService } from './coupons.service';
import {
  CouponDto,
  CouponListQueryDto,
  CouponPreviewDto,
  CreateCouponDto,
  PublicCouponDto,
  UpdateCouponDto,
  ValidateCouponDto,
} from './dto/coupon.dto';

/** The coupon id of a path: a malformed one is an unknown coupon. */
const CouponId = () => IdParam('id', 'COUPON_NOT_FOUND', 'Coupon not found');

@ApiTags('coupons')
@Controller('coupons')
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Get('public')
  @ApiOperation({ summary: 'Active public coupons (the offers page)' })
  @ApiOkResponse({ type: [PublicCouponDto] })
  listPublic(@NoQuery() _query: undefined): Promise<PublicCouponDto[]> {
    return this.coupons.listPublic();
  }

  @Post('validate')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: "Preview a coupon on the caller's cart, or say why it does not apply (valid: false with reasonCode, still 200)" })
  @ApiOkResponse({ type: CouponPreviewDto })
  validate(@CurrentUser() user: AuthUser, @Body() dto: ValidateCouponDto): Promise<CouponPreviewDto> {
    return this.coupons.preview(user, dto.code);
  }

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'List coupons (admins; page/perPage or range/sort/filter with q, active, public, type)' })
  @ApiOkResponse({ type: [CouponDto] })
  @ApiErrors('INVALID_QUERY')
  async list(@Query() query: CouponListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<CouponDto[]> {
    const { rows, total, skip } = await this.coupons.list(query);
    setListHeaders(res, 'coupons', skip, rows.length, total);
    return rows;
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One coupon (admins)' })
  @ApiOkResponse({ type: CouponDto })
  @ApiErrors('COUPON_NOT_FOUND')
  get(@CouponId() id: string): Promise<CouponDto> {
    return this.coupons.get(id);
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ summary: 'Create a coupon (admins)' })
  @ApiCreatedResponse({ type: CouponDto })
  @ApiErrors('DUPLICATE')
  create(@Body() dto: CreateCouponDto): Promise<CouponDto> {
    return this.coupons.create(dto);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Update a coupon (admins)' })
  @ApiOkResponse({ type: CouponDto })
  @ApiErrors('COUPON_NOT_FOUND', 'DUPLICATE')
  update(@CouponId() id: string, @Body() dto: UpdateCouponDto): Promise<CouponDto> {
    return this.coupons.update(id, dto);
  }

  @Delete(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a coupon (admins); answers the deleted coupon; orders keep its code' })
  @ApiOkResponse({ type: CouponDto })
  @ApiErrors('COUPON_NOT_FOUND')
  remove(@CouponId() id: string): Promise<CouponDto> {
    return this.coupons.remove(id);
  }
}
