import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ErrorBody } from '../common/error-body';
import { setListHeaders } from '../common/list-query';
import { ContributorDto } from './dto/contributor.dto';
import { StatsService } from './stats.service';

@ApiTags('stats')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('contributors')
  @ApiOperation({ summary: 'The distributors who fill the catalog, most published products first' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  @ApiQuery({ name: 'range', required: false, description: 'react-admin range, e.g. [0,49]' })
  @ApiOkResponse({ type: [ContributorDto], description: 'X-Total-Count and Content-Range carry the total' })
  @ApiBadRequestResponse({ type: ErrorBody })
  async contributors(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<ContributorDto[]> {
    const page = await this.stats.contributors(query);
    setListHeaders(res, 'contributors', page.skip, page.items.length, page.total);
    return page.items;
  }
}
