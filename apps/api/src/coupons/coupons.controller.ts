import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import { ErrorBody } from '../common/error-body';
import { setListHeaders } from '../common/list-query';
import { CouponsService } from './coupons.service';
import { CouponDto, CouponPreviewDto, CreateCouponDto, PublicCouponDto, UpdateCouponDto, ValidateCouponDto } from './dto/coupon.dto';

@ApiTags('coupons')
@Controller('coupons')
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Get('public')
  @ApiOperation({ summary: 'Active public coupons (the offers page)' })
  @ApiOkResponse({ type: [PublicCouponDto] })
  listPublic(): Promise<PublicCouponDto[]> {
    return this.coupons.listPublic();
  }

  @Post('validate')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: "Preview a coupon on the caller's cart, or say why it does not apply" })
  @ApiOkResponse({ type: CouponPreviewDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  validate(@CurrentUser() user: AuthUser, @Body() dto: ValidateCouponDto): Promise<CouponPreviewDto> {
    return this.coupons.preview(user, dto.code);
  }

  @Get()
  @Auth('admin')
  @ApiOperation({ summary: 'List coupons (admins; page/pageSize or range/sort/filter with q, active, public, type)' })
  @ApiOkResponse({ type: [CouponDto] })
  @ApiBadRequestResponse({ type: ErrorBody })
  async list(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CouponDto[]> {
    const { rows, total, skip } = await this.coupons.list(req.query);
    setListHeaders(res, 'coupons', skip, rows.length, total);
    return rows;
  }

  @Get(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'One coupon (admins)' })
  @ApiOkResponse({ type: CouponDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  get(@Param('id') id: string): Promise<CouponDto> {
    return this.coupons.get(id);
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ summary: 'Create a coupon (admins)' })
  @ApiCreatedResponse({ type: CouponDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'Code already taken (case-insensitive)' })
  create(@Body() dto: CreateCouponDto): Promise<CouponDto> {
    return this.coupons.create(dto);
  }

  @Put(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Update a coupon (admins)' })
  @ApiOkResponse({ type: CouponDto })
  @ApiBadRequestResponse({ type: ErrorBody })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiConflictResponse({ type: ErrorBody, description: 'Code already taken (case-insensitive)' })
  update(@Param('id') id: string, @Body() dto: UpdateCouponDto): Promise<CouponDto> {
    return this.coupons.update(id, dto);
  }

  @Delete(':id')
  @Auth('admin')
  @ApiOperation({ summary: 'Delete a coupon (admins); answers the deleted coupon; orders keep its code' })
  @ApiOkResponse({ type: CouponDto })
  @ApiNotFoundResponse({ type: ErrorBody })
  remove(@Param('id') id: string): Promise<CouponDto> {
    return this.coupons.remove(id);
  }
}
