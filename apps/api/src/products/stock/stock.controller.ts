import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../auth/auth-user';
import { Auth, CurrentUser } from '../../auth/auth.decorators';
import { ApiErrors } from '../../common/api-errors';
import { setListHeaders } from '../../common/list-query';
import { IdParam } from '../../common/object-id';
import { StockAdjustmentInputDto, StockAdjustmentResultDto, StockLedgerQueryDto, StockMovementDto } from './stock.dto';
import { StockService } from './stock.service';

const ProductId = () => IdParam('id', 'PRODUCT_NOT_FOUND', 'Product not found');

@ApiTags('products')
@Controller('products')
export class StockController {
  constructor(private readonly stock: StockService) {}

  @Get(':id/stock-ledger')
  @Auth('distributor')
  @ApiOperation({
    summary:
      "A product's stock ledger, newest first: every change of its stock (or a variant's) with the level it left, the reason and who made it (admins any product, distributors their own)",
  })
  @ApiOkResponse({ type: [StockMovementDto], description: 'With X-Total-Count and Content-Range' })
  @ApiErrors('PRODUCT_NOT_FOUND', 'NOT_YOUR_PRODUCT', 'INVALID_QUERY')
  async ledger(
    @ProductId() id: string,
    @Query() query: StockLedgerQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StockMovementDto[]> {
    const { items, skip, total } = await this.stock.list(user, id, query);
    setListHeaders(res, 'stock-ledger', skip, items.length, total);
    return items;
  }

  @Post(':id/stock-adjustments')
  @HttpCode(200)
  @Auth('distributor')
  @ApiOperation({
    summary:
      'Change the stock of a product (or one of its variants) by a number of units, with a reason: recorded in the stock ledger. Never below zero',
  })
  @ApiOkResponse({ type: StockAdjustmentResultDto })
  @ApiErrors('PRODUCT_NOT_FOUND', 'NOT_YOUR_PRODUCT', 'VALIDATION_FAILED', 'VARIANT_NOT_FOUND', 'VARIANT_REQUIRED', 'STOCK_BELOW_ZERO')
  adjust(@ProductId() id: string, @Body() body: StockAdjustmentInputDto, @CurrentUser() user: AuthUser): Promise<StockAdjustmentResultDto> {
    return this.stock.adjust(user, id, body);
  }
}
